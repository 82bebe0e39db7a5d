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
package io.hudibeam.basefile;

import io.hudibeam.table.HudiTableException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;

/**
 * Writes the new version of a base file whose stored records all stay as they are (a merge whose
 * incoming records are all new keys, e.g. inserts routed to a small file, or an insert's concat)
 * without decoding them: the current file's row groups are copied as bytes, column chunk by column
 * chunk, except {@code _hoodie_file_name}, which is written anew as the new file's name (as Hudi's
 * {@code HoodieMergeHandle} rewrites it); then the new records, written by a {@link BaseFileWriter}
 * into a local scratch file of the same name, are copied after them. The footer gets a bloom filter
 * and min/max record keys over both (read from the record key column), and the write schema.
 *
 * <p>The rows, their order and every value are what a record-by-record merge writes (the stored
 * records, then the new ones numbered on from them); only the row group layout differs: the stored
 * row groups stay as they were, so a file version carried over this way has one row group more.
 * Used only when the current file's Parquet schema is the write schema's (no schema evolution to
 * apply), it has fewer than {@link #MAX_ROW_GROUPS} row groups and none smaller than the row group
 * size / {@link #MIN_ROW_GROUP_FRACTION}; otherwise the caller merges record by record, which
 * writes the file anew in row groups of {@code hoodie.parquet.block.size}. One instance writes one
 * new version; not thread-safe.
 */
public final class RowGroupCarryOver {
  /**
   * A file with this many row groups is rewritten record by record rather than carried over, so
   * files of a stream of small commits end with a bounded number of row groups for readers.
   */
  public static final int MAX_ROW_GROUPS = 32;

  /**
   * A file with a row group smaller than the row group size ({@code hoodie.parquet.block.size})
   * divided by this is rewritten record by record, which merges its row groups: every row group
   * costs its own dictionaries, statistics and footer entries (about 2.5 KB for the trips schema),
   * so carrying tiny row groups over would grow files past what file sizing planned for them. At
   * 1/512 (240 KiB of Hudi's 120 MiB) that cost stays around 1% of a carried row group.
   */
  public static final int MIN_ROW_GROUP_FRACTION = 512;

  private static final ColumnPath FILE_NAME_COLUMN =
      ColumnPath.get(MetaFields.FILE_NAME.fieldName());

  private final Configuration conf;
  private final Path current;
  private final Schema schema;
  private final MessageType parquetSchema;
  private final ParquetSettings settings;
  private final long rowCount;

  /** The stored rows' keys in the new file's bloom filter and key range, once read. */
  private RecordKeyFooter keys;

  private boolean used;

  private RowGroupCarryOver(
      Configuration conf,
      Path current,
      Schema schema,
      MessageType parquetSchema,
      ParquetSettings settings,
      long rowCount) {
    this.conf = conf;
    this.current = current;
    this.schema = schema;
    this.parquetSchema = parquetSchema;
    this.settings = settings;
    this.rowCount = rowCount;
  }

  /**
   * The carry-over of base file {@code current} into a new version written with {@code writeSchema}
   * (with or without meta fields); empty when its rows should not be copied as bytes: its Parquet
   * schema is not the write schema's, it already has {@link #MAX_ROW_GROUPS} row groups, or one of
   * its row groups is smaller than the row group size / {@link #MIN_ROW_GROUP_FRACTION}.
   */
  public static Optional<RowGroupCarryOver> of(
      Configuration conf, Path current, Schema writeSchema, ParquetSettings settings) {
    Objects.requireNonNull(conf, "conf");
    Objects.requireNonNull(current, "current");
    Objects.requireNonNull(settings, "settings");
    Schema schema = MetaFields.withMetaFields(writeSchema);
    MessageType parquetSchema = new AvroSchemaConverter(conf).convert(schema);
    try (ParquetFileReader reader = BaseFileInput.of(current, conf).openReader()) {
      List<BlockMetaData> rowGroups = reader.getRowGroups();
      long minRowGroupBytes = settings.rowGroupSizeBytes() / MIN_ROW_GROUP_FRACTION;
      if (rowGroups.size() >= MAX_ROW_GROUPS
          || rowGroups.stream().anyMatch(g -> g.getCompressedSize() < minRowGroupBytes)
          || !reader.getFileMetaData().getSchema().equals(parquetSchema)) {
        return Optional.empty();
      }
      long rows = rowGroups.stream().mapToLong(BlockMetaData::getRowCount).sum();
      return Optional.of(
          new RowGroupCarryOver(conf, current, schema, parquetSchema, settings, rows));
    } catch (IOException e) {
      throw new HudiTableException(
          "Cannot read the Parquet footer of base file " + current + ": " + e, e);
    }
  }

  /** The rows of the current file, carried over first. */
  public long rowCount() {
    return rowCount;
  }

  /**
   * Whether no stored record key is one {@code isIncoming} accepts, i.e. every stored record stays
   * as it is. Reads the record key column once (streamed, not held), and keeps the keys' bloom
   * filter and range for {@link #write}.
   */
  public boolean storesNoneOf(Predicate<String> isIncoming) {
    RecordKeyFooter stored = newKeyFooter();
    boolean[] found = {false};
    BaseFileReader.of(conf, current)
        .forEachRecordKey(
            key -> {
              if (!found[0]) {
                found[0] = isIncoming.test(key);
                stored.add(key);
              }
            });
    if (!found[0]) {
      keys = stored;
    }
    return !found[0];
  }

  /**
   * Creates base file {@code target}: the current file's rows, then the records {@code newRecords}
   * writes to the writer it is given (a scratch file named as {@code target} in a new folder under
   * {@code scratchFolder}, deleted before this returns). {@code taskPartitionId} as in {@link
   * BaseFileWriter#create}. On failure {@code target} is deleted and the exception rethrown.
   */
  public BaseFileResult write(
      Path target, int taskPartitionId, File scratchFolder, Consumer<BaseFileWriter> newRecords) {
    if (used) {
      throw new IllegalStateException("A row-group carry-over of " + current + " writes once");
    }
    used = true;
    File folder = scratchFolderIn(scratchFolder);
    Path scratch = new Path(new Path(folder.toURI()), target.getName());
    try {
      BaseFileWriter writer =
          BaseFileWriter.create(conf, scratch, schema, taskPartitionId, settings, rowCount);
      try {
        newRecords.accept(writer);
      } catch (RuntimeException e) {
        writer.abort();
        throw e;
      }
      writer.close();
      return assemble(target, scratch);
    } finally {
      deleteScratch(folder);
    }
  }

  private BaseFileResult assemble(Path target, Path scratch) {
    if (keys == null) {
      keys = newKeyFooter();
      BaseFileReader.of(conf, current).forEachRecordKey(keys::add);
    }
    BaseFileReader scratchReader = BaseFileReader.of(conf, scratch);
    scratchReader.forEachRecordKey(keys::add);
    BaseFileFooter scratchFooter = scratchReader.readFooter();
    Map<String, String> footer = new HashMap<>(scratchFooter.keyValueMetadata());
    keys.putInto(footer);

    ParquetProperties properties =
        ParquetProperties.builder()
            .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0)
            .withPageSize(settings.pageSizeBytes())
            .withDictionaryPageSize(settings.pageSizeBytes())
            .withDictionaryEncoding(true)
            .build();
    CodecFactory codecs = new CodecFactory(conf, settings.pageSizeBytes());
    // Constructors and methods of parquet 1.12 on: Spark 3.5 and Hudi's bundles bring 1.13.
    TrackedOutputFile output = TrackedOutputFile.of(target, conf);
    boolean written = false;
    try {
      ParquetFileWriter out =
          new ParquetFileWriter(
              output,
              parquetSchema,
              ParquetFileWriter.Mode.CREATE,
              settings.rowGroupSizeBytes(),
              0,
              properties.getColumnIndexTruncateLength(),
              properties.getStatisticsTruncateLength(),
              properties.getPageWriteChecksumEnabled());
      out.start();
      copyRowGroups(out, current, target.getName(), properties, codecs);
      copyRowGroups(out, scratch, null, properties, codecs);
      out.end(footer);
      written = true;
      long size = target.getFileSystem(conf).getFileStatus(target).getLen();
      return new BaseFileResult(
          target,
          rowCount + scratchFooter.rowCount(),
          size,
          keys.minRecordKey(),
          keys.maxRecordKey());
    } catch (IOException e) {
      throw new HudiTableException(
          "Cannot write base file " + target + " from the row groups of " + current + ": " + e, e);
    } finally {
      codecs.release();
      if (!written) {
        output.closeQuietly();
        deleteQuietly(target);
      }
    }
  }

  /**
   * Appends every row group of {@code source} to {@code out}, column chunks as bytes (with their
   * page indexes); {@code _hoodie_file_name} is written as {@code newFileName} unless it is null.
   */
  private void copyRowGroups(
      ParquetFileWriter out,
      Path source,
      String newFileName,
      ParquetProperties properties,
      CodecFactory codecs)
      throws IOException {
    BaseFileInput input = BaseFileInput.of(source, conf);
    List<ColumnDescriptor> columns = parquetSchema.getColumns();
    try (ParquetFileReader reader = input.openReader();
        SeekableInputStream in = input.newStream()) {
      for (BlockMetaData rowGroup : reader.getRowGroups()) {
        List<ColumnChunkMetaData> chunks = rowGroup.getColumns();
        if (chunks.size() != columns.size()) {
          throw new IOException(
              source + " has " + chunks.size() + " column chunks, expected " + columns.size());
        }
        out.startBlock(rowGroup.getRowCount());
        for (int i = 0; i < chunks.size(); i++) {
          ColumnChunkMetaData chunk = chunks.get(i);
          ColumnDescriptor column = columns.get(i);
          if (!chunk.getPath().equals(ColumnPath.get(column.getPath()))) {
            throw new IOException(
                source + " has column " + chunk.getPath() + " where " + column + " was expected");
          }
          if (newFileName != null && chunk.getPath().equals(FILE_NAME_COLUMN)) {
            writeConstant(out, column, rowGroup.getRowCount(), newFileName, properties, codecs);
          } else {
            out.appendColumnChunk(
                column,
                in,
                chunk,
                reader.readBloomFilter(chunk),
                reader.readColumnIndex(chunk),
                reader.readOffsetIndex(chunk));
          }
        }
        out.endBlock();
      }
    }
  }

  /** Writes a column chunk of {@code rows} times {@code value}, dictionary encoded. */
  private void writeConstant(
      ParquetFileWriter out,
      ColumnDescriptor column,
      long rows,
      String value,
      ParquetProperties properties,
      CodecFactory codecs)
      throws IOException {
    MessageType single =
        new MessageType(parquetSchema.getName(), parquetSchema.getType(column.getPath()[0]));
    ColumnChunkPageWriteStore pages =
        new ColumnChunkPageWriteStore(
            codecs.getCompressor(settings.codec()),
            single,
            new HeapByteBufferAllocator(),
            properties.getColumnIndexTruncateLength(),
            properties.getPageWriteChecksumEnabled());
    ColumnWriteStore store = properties.newColumnWriteStore(single, pages);
    try {
      ColumnWriter writer = store.getColumnWriter(single.getColumns().get(0));
      Binary binary = Binary.fromString(value);
      int definitionLevel = column.getMaxDefinitionLevel();
      for (long row = 0; row < rows; row++) {
        writer.write(binary, 0, definitionLevel);
        store.endRecord();
      }
      store.flush();
      pages.flushToFileWriter(out);
    } finally {
      // The page store's buffers are on the heap; its close() exists from parquet 1.14 only.
      store.close();
    }
  }

  private RecordKeyFooter newKeyFooter() {
    return new RecordKeyFooter(new RecordKeyFilter(settings.bloomFilter()));
  }

  private static File scratchFolderIn(File parent) {
    try {
      Files.createDirectories(parent.toPath());
      return Files.createTempDirectory(parent.toPath(), "carry-over-").toFile();
    } catch (IOException e) {
      throw new HudiTableException(
          "Cannot create a scratch folder in " + parent + " (the spill folder): " + e, e);
    }
  }

  private void deleteScratch(File folder) {
    try {
      FileSystem.getLocal(conf).delete(new Path(folder.toURI()), true);
    } catch (IOException e) {
      throw new HudiTableException("Cannot delete scratch folder " + folder + ": " + e, e);
    }
  }

  private void deleteQuietly(Path path) {
    try {
      path.getFileSystem(conf).delete(path, false);
    } catch (IOException | RuntimeException e) {
      // The write already failed; that failure is the one to report.
    }
  }

  /**
   * The target file, remembering the stream {@link ParquetFileWriter} opens so that a failed write
   * can close it before the file is deleted (the writer itself has no abort).
   */
  private static final class TrackedOutputFile implements OutputFile {
    private final OutputFile delegate;
    private PositionOutputStream stream;

    private TrackedOutputFile(OutputFile delegate) {
      this.delegate = delegate;
    }

    static TrackedOutputFile of(Path path, Configuration conf) {
      try {
        return new TrackedOutputFile(HadoopOutputFile.fromPath(path, conf));
      } catch (IOException e) {
        throw new HudiTableException("Cannot open base file " + path + " for writing: " + e, e);
      }
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) throws IOException {
      stream = delegate.create(blockSizeHint);
      return stream;
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
      throw new IOException("A carried-over base file is created, never overwritten");
    }

    @Override
    public boolean supportsBlockSize() {
      return delegate.supportsBlockSize();
    }

    @Override
    public long defaultBlockSize() {
      return delegate.defaultBlockSize();
    }

    void closeQuietly() {
      if (stream != null) {
        try {
          stream.close();
        } catch (IOException | RuntimeException e) {
          // The write already failed; that failure is the one to report.
        }
      }
    }
  }
}
