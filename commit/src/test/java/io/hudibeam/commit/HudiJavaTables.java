package io.hudibeam.commit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.client.HoodieJavaWriteClient;
import org.apache.hudi.client.common.HoodieJavaEngineContext;
import org.apache.hudi.common.config.HoodieMetadataConfig;
import org.apache.hudi.common.model.HoodieAvroPayload;
import org.apache.hudi.common.model.HoodieAvroRecord;
import org.apache.hudi.common.model.HoodieBaseFile;
import org.apache.hudi.common.model.HoodieCleaningPolicy;
import org.apache.hudi.common.model.HoodieKey;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.model.HoodieTableType;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.table.view.HoodieTableFileSystemView;
import org.apache.hudi.config.HoodieCleanConfig;
import org.apache.hudi.config.HoodieIndexConfig;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;
import org.apache.hudi.index.HoodieIndex;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/**
 * Tables written by Hudi 0.15's own Java write client (the reference writer): a small trips-like
 * copy-on-write table partitioned by city, metadata table off, direct markers, no embedded timeline
 * server, SIMPLE index, automatic cleaning off.
 */
final class HudiJavaTables {
  static final List<String> CITIES = List.of("chennai", "paris", "tokyo");
  static final Schema SCHEMA = new Schema.Parser().parse(
      "{\"type\":\"record\",\"name\":\"trip\",\"namespace\":\"hudibeam.test\",\"fields\":["
          + "{\"name\":\"uuid\",\"type\":\"string\"},{\"name\":\"city\",\"type\":\"string\"},"
          + "{\"name\":\"ts\",\"type\":\"long\"},{\"name\":\"fare\",\"type\":\"double\"}]}");

  private HudiJavaTables() {}

  static void create(String basePath) {
    try {
      HoodieTableMetaClient.withPropertyBuilder()
          .setTableType(HoodieTableType.COPY_ON_WRITE)
          .setTableName("trips")
          .setPayloadClass(HoodieAvroPayload.class)
          .setRecordKeyFields("uuid")
          .setPartitionFields("city")
          .setPreCombineField("ts")
          .initTable(HadoopFSUtils.getStorageConfWithCopy(new Configuration()), basePath);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A write client; {@code autoCommit=false} leaves each write inflight until committed. */
  static HoodieJavaWriteClient<HoodieAvroPayload> client(String basePath, boolean autoCommit, HoodieCleanConfig clean) {
    HoodieWriteConfig config = HoodieWriteConfig.newBuilder()
        .withPath(basePath)
        .withSchema(SCHEMA.toString())
        .forTable("trips")
        .withAutoCommit(autoCommit)
        .withEmbeddedTimelineServerEnabled(false)
        .withMarkersType("DIRECT")
        .withParallelism(1, 1)
        .withDeleteParallelism(1)
        .withMetadataConfig(HoodieMetadataConfig.newBuilder().enable(false).build())
        .withIndexConfig(HoodieIndexConfig.newBuilder().withIndexType(HoodieIndex.IndexType.SIMPLE).build())
        .withCleanConfig(clean)
        .build();
    return new HoodieJavaWriteClient<>(
        new HoodieJavaEngineContext(HadoopFSUtils.getStorageConfWithCopy(new Configuration())), config);
  }

  static HoodieJavaWriteClient<HoodieAvroPayload> client(String basePath, boolean autoCommit) {
    return client(basePath, autoCommit, HoodieCleanConfig.newBuilder().withAutoClean(false).build());
  }

  static HoodieCleanConfig cleanConfig(HoodieCleaningPolicy policy, int retained) {
    HoodieCleanConfig.Builder builder = HoodieCleanConfig.newBuilder().withAutoClean(false).withCleanerPolicy(policy);
    return (policy == HoodieCleaningPolicy.KEEP_LATEST_COMMITS ? builder.retainCommits(retained)
        : builder.retainFileVersions(retained)).build();
  }

  /** Records with keys {@code key-<from>} .. in the three cities; {@code batch} sets ts and fare. */
  static List<HoodieRecord<HoodieAvroPayload>> records(int from, int count, int batch) {
    return records(java.util.stream.IntStream.range(from, from + count), batch);
  }

  /** Records with keys {@code key-<i>} for the given indexes; key i lives in city {@code i % 3}. */
  static List<HoodieRecord<HoodieAvroPayload>> records(java.util.stream.IntStream keys, int batch) {
    List<HoodieRecord<HoodieAvroPayload>> records = new ArrayList<>();
    for (int i : keys.toArray()) {
      GenericRecord r = new GenericData.Record(SCHEMA);
      String city = CITIES.get(i % CITIES.size());
      r.put("uuid", "key-" + i);
      r.put("city", city);
      r.put("ts", (long) batch);
      r.put("fare", i * 10.0 + batch);
      records.add(new HoodieAvroRecord<>(new HoodieKey("key-" + i, city), new HoodieAvroPayload(r, batch)));
    }
    return records;
  }

  /**
   * The latest snapshot as Hudi 0.15 sees it: its file-system view over the completed commits picks
   * the latest base files, whose records are read; record key to "commit time, ts, fare".
   */
  static TreeMap<String, String> snapshot(String basePath) {
    HoodieTableMetaClient meta = metaClient(basePath);
    HoodieTableFileSystemView view =
        new HoodieTableFileSystemView(meta, meta.getCommitsTimeline().filterCompletedInstants());
    TreeMap<String, String> rows = new TreeMap<>();
    for (String city : CITIES) {
      for (HoodieBaseFile file : view.getLatestBaseFiles(city).collect(Collectors.toList())) {
        try (ParquetReader<GenericRecord> reader = AvroParquetReader.<GenericRecord>builder(
            HadoopInputFile.fromPath(new org.apache.hadoop.fs.Path(file.getPath()), new Configuration())).build()) {
          GenericRecord r;
          while ((r = reader.read()) != null) {
            String previous = rows.put(r.get("_hoodie_record_key").toString(),
                r.get("_hoodie_commit_time") + "," + r.get("ts") + "," + r.get("fare"));
            if (previous != null) {
              throw new AssertionError("Duplicate record key " + r.get("_hoodie_record_key") + " in " + basePath);
            }
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    return rows;
  }

  static HoodieTableMetaClient metaClient(String basePath) {
    return HoodieTableMetaClient.builder()
        .setConf(HadoopFSUtils.getStorageConfWithCopy(new Configuration()))
        .setBasePath(basePath)
        .build();
  }

  /** Copies a table folder (used to run Hudi and us on identical tables). */
  static String copy(String basePath, Path target) {
    Path source = Path.of(basePath);
    try (Stream<Path> files = Files.walk(source)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Path dest = target.resolve(source.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(dest);
        } else {
          Files.copy(file, dest, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return target.toString();
  }
}
