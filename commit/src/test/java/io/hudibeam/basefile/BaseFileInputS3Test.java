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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.commit.StorageRequests;
import io.hudibeam.testing.s3.S3Server;
import java.io.File;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.ClassRule;
import org.junit.Test;

/**
 * A base file read on S3 through {@link BaseFileInput} asks S3A for its status once (one HEAD)
 * where Parquet's {@code HadoopInputFile.fromPath} asks twice (its status, then {@code open}'s
 * own), and reads the same footer, keys and records as from the local file system.
 */
public class BaseFileInputS3Test {
  @ClassRule public static final S3Server S3 = new S3Server();

  /** Written by Hudi 0.15's Spark upsert into golden table v6_cow_trips, partition chennai. */
  private static final String GOLDEN =
      "1ef3941a-84d5-41d3-9733-fc0c2167412b-6_7-18-44_20261129114517514.parquet";

  @Test
  public void aBaseFileOnS3IsReadAfterOneHeadNotTwo() throws Exception {
    Configuration conf = new Configuration();
    S3.hadoopSettings().forEach(conf::set);
    Path local =
        new Path(
            new File(BaseFileInputS3Test.class.getResource("/basefile/" + GOLDEN).toURI())
                .getAbsolutePath());
    try (FileSystem fs =
        FileSystem.newInstance(URI.create("s3a://" + S3Server.BUCKET + "/"), conf)) {
      Path onS3 = new Path(S3.newTable("base-file-input"), "chennai/" + GOLDEN);
      try (org.apache.hadoop.fs.FSDataOutputStream out = fs.create(onS3, false)) {
        out.write(java.nio.file.Files.readAllBytes(java.nio.file.Paths.get(local.toString())));
      }
      // The cached instance BaseFileReader gets from onS3.getFileSystem(conf), whose counters these
      // are.
      FileSystem cached = onS3.getFileSystem(conf);
      BaseFileReader s3 = BaseFileReader.of(conf, onS3);
      BaseFileReader disk = BaseFileReader.of(new Configuration(), local);

      StorageRequests before = StorageRequests.of(cached).orElseThrow();
      BaseFileFooter footer = s3.readFooter();
      StorageRequests footerRead = StorageRequests.of(cached).orElseThrow().since(before);
      assertThat(footerRead.toString(), footerRead.head(), is(1L));
      assertThat(footer.keyValueMetadata(), is(disk.readFooter().keyValueMetadata()));
      assertThat(footer.rowCount(), is(62L));

      before = StorageRequests.of(cached).orElseThrow();
      assertThat(s3.readRecordKeys(), is(disk.readRecordKeys()));
      StorageRequests keysRead = StorageRequests.of(cached).orElseThrow().since(before);
      assertThat(keysRead.toString(), keysRead.head(), is(1L));
      assertThat(s3.readRecords(), is(disk.readRecords()));

      // Parquet's own input: two HEADs for the same footer.
      before = StorageRequests.of(cached).orElseThrow();
      try (ParquetFileReader parquet =
          ParquetFileReader.open(HadoopInputFile.fromPath(onS3, conf))) {
        assertThat(parquet.getFooter().getBlocks().isEmpty(), is(false));
      }
      StorageRequests parquetRead = StorageRequests.of(cached).orElseThrow().since(before);
      assertThat(parquetRead.toString(), parquetRead.head(), is(2L));
    }
  }
}
