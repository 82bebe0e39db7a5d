package io.hudibeam.transforms.coders;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.commit.CommitOutcome;
import io.hudibeam.files.BaseFile;
import io.hudibeam.files.BaseFileName;
import io.hudibeam.files.FileGroupId;
import io.hudibeam.files.FileId;
import io.hudibeam.files.WriteToken;
import io.hudibeam.keygen.HoodieKey;
import io.hudibeam.metadata.WriteStat;
import io.hudibeam.testing.TripsData;
import io.hudibeam.timeline.InstantTime;
import io.hudibeam.transforms.commit.CommittedInstant;
import io.hudibeam.transforms.index.TaggedRecord;
import io.hudibeam.transforms.records.FailedRecord;
import io.hudibeam.write.Bucket;
import io.hudibeam.write.RecordLocation;
import io.hudibeam.write.TableRecord;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.testing.CoderProperties;
import org.junit.Test;

/**
 * Round trips of the coders the pipeline stages use, with Beam's {@link CoderProperties}: every
 * value decodes to an equal value, every coder is serializable, and the coders that claim a
 * deterministic encoding (the shuffle keys among them) encode equal values to equal bytes.
 */
public class TransformCodersTest {
  private static final InstantTime INSTANT = InstantTime.parse("20240301123456789");
  private static final FileId FILE_ID = FileId.of(UUID.fromString("2f1e6e1c-6d43-4c5e-9a2b-0d7f1c3e5a6b"), 3);
  private static final BaseFile BASE_FILE =
      BaseFile.of("city=new%2Fyork", BaseFileName.of(FILE_ID, WriteToken.of(1, 2, 3), INSTANT), 434_123L);
  private static final BaseFile UNPARTITIONED =
      BaseFile.of("", BaseFileName.of(FILE_ID, WriteToken.of(0, 0, 0), INSTANT), 0L);

  private static boolean claimsDeterminism(Coder<?> coder) {
    try {
      coder.verifyDeterministic();
      return true;
    } catch (Coder.NonDeterministicException e) {
      return false;
    }
  }

  /** Decode(encode(v)) equals v for each value, and equal values encode alike when claimed. */
  @SafeVarargs
  private static <T> void roundTrip(Coder<T> coder, boolean deterministic, T... values) throws Exception {
    CoderProperties.coderSerializable(coder);
    assertThat(coder.toString(), claimsDeterminism(coder), is(deterministic));
    for (T value : values) {
      CoderProperties.coderDecodeEncodeEqual(coder, value);
      if (deterministic) {
        CoderProperties.coderDeterministic(coder, value, value);
      }
    }
  }

  private static GenericRecord trip(long b, long i) {
    return TripsData.record(b, i);
  }

  @Test
  public void fileAndKeyCoders() throws Exception {
    roundTrip(BaseFileCoder.of(), true, BASE_FILE, UNPARTITIONED);
    roundTrip(
        BucketCoder.of(),
        true,
        Bucket.existing(BASE_FILE),
        Bucket.existing(UNPARTITIONED),
        Bucket.newFileGroup(FileGroupId.of("2023/11/14", FileId.parse("0b6f3c1d-1111-4e2e-8f00-aa55aa55aa55-0"))));
    roundTrip(
        HoodieKeyCoder.of(),
        true,
        HoodieKey.of("uuid:trip-000000000003,rider:rider-3", "city=new%2Fyork"),
        HoodieKey.of("caf\u00e9 \u65e5\u672c", ""));
    roundTrip(
        RecordLocationCoder.of(),
        true,
        RecordLocation.of("san_francisco", FILE_ID, INSTANT),
        RecordLocation.of("", FILE_ID, InstantTime.parse("20231114221320000")));
  }

  @Test
  public void writeStatCoder() throws Exception {
    WriteStat created =
        WriteStat.builder()
            .fileId(FILE_ID.value())
            .path("city=new%2Fyork/" + BASE_FILE.name().value())
            .prevCommit(WriteStat.NULL_COMMIT)
            .numWrites(10)
            .numInserts(10)
            .totalWriteBytes(434_123L)
            .fileSizeInBytes(434_123L)
            .partitionPath("city=new%2Fyork")
            .runtimeStats(new WriteStat.RuntimeStats(0, 0, 12))
            .build();
    WriteStat merged =
        created.toBuilder()
            .prevCommit("20231114221320000")
            .numWrites(9)
            .numInserts(1)
            .numUpdateWrites(3)
            .numDeletes(2)
            .runtimeStats(new WriteStat.RuntimeStats(0, 7, 0))
            .build();
    roundTrip(WriteStatCoder.of(), true, created, merged);
  }

  @Test
  public void recordCoders() throws Exception {
    TableRecordCoder records = TableRecordCoder.of(TripsData.SCHEMA);
    TableRecord upsert = TableRecord.upsert(TripsData.key(1), TripsData.city(1), trip(0, 1));
    TableRecord fullDelete = TableRecord.delete(TripsData.key(2), TripsData.city(2), trip(3, 2));
    TableRecord keyDelete = TableRecord.delete(TripsData.key(3), TripsData.city(3), null);
    roundTrip(records, true, upsert, fullDelete, keyDelete);

    roundTrip(
        TaggedRecord.TaggedRecordCoder.of(TripsData.SCHEMA),
        false,
        TaggedRecord.of(upsert, Optional.empty()),
        TaggedRecord.of(fullDelete, Optional.of(RecordLocation.of(TripsData.city(2), FILE_ID, INSTANT))),
        TaggedRecord.of(keyDelete, Optional.of(RecordLocation.of(TripsData.city(3), FILE_ID, INSTANT))));

    // A map field makes Avro's binary encoding order-dependent: the coder says so.
    Schema withMap =
        SchemaBuilder.record("m").fields().requiredString("id").name("attrs").type().map().values().longType().noDefault().endRecord();
    GenericData.Record mapped = new GenericData.Record(withMap);
    mapped.put("id", "a");
    mapped.put("attrs", Map.of("k", 1L));
    roundTrip(TableRecordCoder.of(withMap), false, TableRecord.upsert("a", "", mapped));
  }

  @Test
  public void outputCoders() throws Exception {
    roundTrip(
        FailedRecord.FailedRecordCoder.of(),
        true,
        FailedRecord.of("{\"uuid\": null}", "record key field 'uuid' is null, but a record key must be non-empty"),
        FailedRecord.of("", ""));
    roundTrip(
        CommittedInstant.CommittedInstantCoder.of(),
        true,
        CommittedInstant.builder()
            .instantTime(INSTANT.value())
            .operation("UPSERT")
            .outcome(CommitOutcome.COMMITTED)
            .recordsInserted(1)
            .recordsUpdated(4)
            .recordsDeleted(0)
            .filesWritten(5)
            .bytesWritten(2_170_000L)
            .build(),
        CommittedInstant.builder()
            .instantTime("20240301123456790")
            .operation("DELETE")
            .outcome(CommitOutcome.values()[CommitOutcome.values().length - 1])
            .recordsDeleted(Long.MAX_VALUE)
            .build());
    assertThat(List.of(CommitOutcome.values()).contains(CommitOutcome.COMMITTED), is(true));
  }
}
