/*
 * Copyright 2026 The HudiIO Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.hudibeam.write;

import io.hudibeam.basefile.BaseFileResult;
import io.hudibeam.basefile.BaseFileWriter;
import io.hudibeam.basefile.MetaFields;
import io.hudibeam.basefile.RowGroupCarryOver;
import io.hudibeam.commit.IOType;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.schema.RecordRewriter;
import io.hudibeam.table.HudiTableException;
import java.util.Objects;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a new version of an existing file group (Hudi's merge handle for copy-on-write): every
 * record of the current base file is carried over unchanged (keeping its {@code
 * _hoodie_commit_time} and {@code _hoodie_commit_seqno}) unless an incoming record replaces it or
 * deletes it; an incoming upsert whose ordering value is smaller than the stored one loses, and so
 * does a change stream's delete (a delete of an upsert, which keeps its record and with it its
 * ordering value: {@code DefaultHoodieRecordPayload.combineAndGetUpdateValue} keeps the stored
 * record then, Hudi 0.15/1.0.2), while a delete of the DELETE operation always deletes; upserts of
 * keys not in the file are inserted (inserts routed to a small file). A key stored more than once
 * (left by inserts, which allow duplicates) has the incoming record applied to every copy, as in
 * Hudi's {@code HoodieMergeHandle}. Marker first, then the file.
 *
 * <p>The incoming records are held in a {@link SpillableRecordMap}: in memory up to the merge's
 * budget ({@link MergeMemory}, Hudi's {@code hoodie.memory.merge.max.size}), on local disk beyond
 * it, so a merge's heap does not grow with its batch. Inserts are written after the carried-over
 * records in the order they arrived (Hudi writes them in its map's order).
 *
 * <p>When no incoming record has a key the current file stores (inserts routed to a small file,
 * deletes of absent keys), every stored record stays as it is: the file's row groups are then
 * carried over as bytes ({@link RowGroupCarryOver}, when its Parquet schema is the write schema's
 * and its row groups are neither too many nor too small, see {@link RowGroupCarryOver#of}) instead
 * of decoded and written again, so such a merge costs its new records and a copy, not the file's
 * records.
 */
public final class MergeHandle {
  private static final Logger LOG = LoggerFactory.getLogger(MergeHandle.class);

  private final WriteContext context;
  private final MergeMemory memory;
  private long spilledRecords;

  /** The last incoming schema found equal to the write schema (compared once, not per record). */
  private org.apache.avro.Schema lastIncomingSchema;

  /** A merge handle with the default memory budget ({@link MergeMemory#defaults()}). */
  public MergeHandle(WriteContext context) {
    this(context, MergeMemory.defaults());
  }

  /** A merge handle that holds incoming records in memory up to {@code memory}'s budget. */
  public MergeHandle(WriteContext context, MergeMemory memory) {
    this(context, memory, WriteOperation.UPSERT);
  }

  /**
   * A merge handle of a write of {@code operation}: the deletes of an upsert compete with the
   * stored record by ordering value, those of the DELETE operation always delete.
   */
  public MergeHandle(WriteContext context, MergeMemory memory, WriteOperation operation) {
    this.context = context;
    this.memory = Objects.requireNonNull(memory, "memory");
    this.orderedDeletes = operation == WriteOperation.UPSERT;
  }

  private final boolean orderedDeletes;

  public WriteStat write(BaseFile current, Iterable<TableRecord> records) {
    FileGroupId fileGroup = current.fileGroupId();
    long budget = memory.budgetBytes();
    RecordEncoding writeEncoding = RecordEncoding.of(context.schema());
    try (SpillableRecordMap incoming =
        new SpillableRecordMap(
            budget,
            memory.spillFolder(),
            writeEncoding,
            "the merge of file group " + fileGroup + " in instant " + context.instant())) {
      for (TableRecord record : records) {
        if (!incoming.put(inWriteSchema(record, writeEncoding))) {
          throw new HudiTableException(
              "Record key '"
                  + record.recordKey()
                  + "' reached file group "
                  + fileGroup
                  + " twice in instant "
                  + context.instant()
                  + "; records must be de-duplicated first");
        }
      }
      spilledRecords = incoming.spilledCount();
      if (incoming.spilledCount() > 0) {
        LOG.info(
            "Merge of file group {} in instant {}: {} of {} incoming records spilled to disk ({}"
                + " bytes budget, {})",
            fileGroup,
            context.instant(),
            incoming.spilledCount(),
            incoming.size(),
            budget,
            memory.spillFolder());
      }
      return merge(current, fileGroup, incoming);
    }
  }

  /** How many incoming records the last {@link #write} spilled to disk. */
  public long spilledRecords() {
    return spilledRecords;
  }

  private WriteStat merge(BaseFile current, FileGroupId fileGroup, SpillableRecordMap incoming) {
    long startNanos = System.nanoTime();
    Optional<RowGroupCarryOver> carryOver = context.carryOver(current);
    // No incoming upsert or delete has a stored key: every stored record stays as it is.
    if (carryOver.isPresent() && carryOver.get().storesNoneOf(key -> incoming.peek(key) != null)) {
      Counts counts = new Counts();
      BaseFileResult result =
          context.writeCarriedOver(
              fileGroup,
              carryOver.get(),
              memory.spillFolder(),
              writer -> writeInserts(writer, fileGroup, incoming, counts));
      return stat(current, fileGroup, result, counts, startNanos);
    }
    BaseFileWriter writer = context.openBaseFile(fileGroup, IOType.MERGE);
    Counts counts = new Counts();
    try {
      RecordRewriter rewriter = new RecordRewriter(writer.schema());
      context.forEachStoredRecord(
          fileGroup,
          context.pathOf(current),
          stored -> {
            String key = String.valueOf(stored.get(MetaFields.RECORD_KEY.position()));
            TableRecord update = incoming.match(key);
            GenericRecord storedRecord = rewriter.rewrite(stored);
            if (update == null) {
              writer.write(storedRecord);
            } else if (update.isDelete()) {
              if (orderedDeletes
                  && update.payload().isPresent()
                  && context.orderingField().compare(update.dataOnce(), Optional.of(storedRecord))
                      < 0) {
                writer.write(storedRecord);
              } else {
                counts.deletes++;
              }
            } else {
              GenericRecord updateRecord = context.toWriteSchema(update.dataOnce().get());
              if (context
                      .orderingField()
                      .compare(Optional.of(updateRecord), Optional.of(storedRecord))
                  < 0) {
                writer.write(storedRecord);
              } else {
                writer.write(
                    context.instant().value(), key, fileGroup.partitionPath(), updateRecord);
                counts.updates++;
              }
            }
          });
      writeInserts(writer, fileGroup, incoming, counts);
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
    return stat(current, fileGroup, writer.close(), counts, startNanos);
  }

  /** Writes the incoming upserts no stored record matched, in arrival order. */
  private void writeInserts(
      BaseFileWriter writer, FileGroupId fileGroup, SpillableRecordMap incoming, Counts counts) {
    incoming.forEachUnmatched(
        insert -> {
          if (!insert.isDelete()) {
            writer.write(
                context.instant().value(),
                insert.recordKey(),
                fileGroup.partitionPath(),
                context.toWriteSchema(insert.dataOnce().get()));
            counts.inserts++;
          }
        });
  }

  private WriteStat stat(
      BaseFile current,
      FileGroupId fileGroup,
      BaseFileResult result,
      Counts counts,
      long startNanos) {
    return WriteContext.statOf(fileGroup, result, current.name().instantTime().value())
        .numDeletes(counts.deletes)
        .numUpdateWrites(counts.updates)
        .numInserts(counts.inserts)
        .runtimeStats(WriteContext.upsertTimeSince(startNanos))
        .build();
  }

  private static final class Counts {
    long updates;
    long deletes;
    long inserts;
  }

  /**
   * An incoming record with its data in the write schema: as it is when it already is (the usual
   * case, checked without decoding when its bytes are in the write schema's encoding), else
   * rewritten by name into the evolved write schema, so the spillable map holds one schema.
   */
  private TableRecord inWriteSchema(TableRecord record, RecordEncoding writeEncoding) {
    if (record.isDelete() && (!orderedDeletes || context.orderingField().name().isEmpty())) {
      // Its data (often only its key fields) is never read: not kept.
      return record.payload().isEmpty()
          ? record
          : TableRecord.of(record.recordKey(), record.partitionPath(), record.operation(), null);
    }
    if (record.payload().isEmpty() || record.payload().get().encodedIn(writeEncoding) != null) {
      return record;
    }
    GenericRecord data = record.payload().get().record();
    if (data.getSchema() == lastIncomingSchema) {
      return record;
    }
    if (data.getSchema().equals(context.schema())) {
      lastIncomingSchema = data.getSchema();
      return record;
    }
    return TableRecord.of(
        record.recordKey(),
        record.partitionPath(),
        record.operation(),
        RecordPayload.of(context.toWriteSchema(data)));
  }
}
