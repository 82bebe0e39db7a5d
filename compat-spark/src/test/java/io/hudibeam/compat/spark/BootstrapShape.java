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
package io.hudibeam.compat.spark;

import io.hudibeam.basefile.BaseFileReader;
import io.hudibeam.hfile.HFileEntry;
import io.hudibeam.hfile.HFileReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.SeekableByteArrayInput;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * What a METADATA_ONLY bootstrap leaves in a table that does not depend on file ids, times or
 * paths: the bootstrap index files (names, trailer comparator, compression, keys with the file ids
 * masked, the {@code INDEX_INFO} entry's number of keys, the value schemas), the skeleton files'
 * schema, and the bootstrap keys of {@code hoodie.properties}; for comparing a table HudiIO
 * bootstrapped with one Hudi's Spark writer bootstrapped.
 */
final class BootstrapShape {
  private BootstrapShape() {}

  static Map<String, String> of(String base) throws IOException {
    Map<String, String> shape = new TreeMap<>();
    Configuration conf = new Configuration();
    File aux = new File(base, ".hoodie/.aux/.bootstrap");
    for (String folder : List.of(".partitions", ".fileids")) {
      File[] files = new File(aux, folder).listFiles(f -> !f.getName().startsWith("."));
      List<String> names = new ArrayList<>();
      for (File f : files) {
        names.add(f.getName());
      }
      shape.put(folder + " files", names.toString());
      try (HFileReader reader = HFileReader.open(conf, new Path(files[0].getAbsolutePath()))) {
        shape.put(folder + " comparator", reader.comparatorClassName());
        shape.put(folder + " compression", reader.compression().name());
        List<String> keys = new ArrayList<>();
        String valueSchema = "";
        for (Iterator<HFileEntry> it = reader.scan(); it.hasNext(); ) {
          HFileEntry e = it.next();
          keys.add(e.keyAsString().replaceAll("fileid=.*", "fileid=<id>"));
          valueSchema = avro(e.value()).getSchema().getFullName();
        }
        shape.put(folder + " keys", keys.toString());
        shape.put(folder + " value", valueSchema);
        GenericRecord info = avro(reader.fileInfo("INDEX_INFO").orElseThrow());
        shape.put(folder + " INDEX_INFO numKeys", String.valueOf(info.get("numKeys")));
        shape.put(folder + " INDEX_INFO schema", info.getSchema().getFullName());
      }
    }
    for (File partition : new File(base).listFiles(f -> !f.getName().startsWith("."))) {
      for (File file : partition.listFiles(f -> f.getName().endsWith(".parquet"))) {
        Schema schema =
            BaseFileReader.of(conf, new Path(file.getAbsolutePath())).readFooter().avroSchema();
        shape.put("skeleton schema", schema.toString());
        String fileId = file.getName().substring(0, file.getName().indexOf('_'));
        shape.put("skeleton file id form", fileId.replaceAll("[0-9a-f]", "x"));
      }
    }
    Properties props = new Properties();
    try (InputStream in = new FileInputStream(new File(base, ".hoodie/hoodie.properties"))) {
      props.load(in);
    }
    for (String key : props.stringPropertyNames()) {
      if (key.startsWith("hoodie.bootstrap.") && !key.equals("hoodie.bootstrap.base.path")) {
        shape.put("property " + key, props.getProperty(key));
      }
    }
    return shape;
  }

  private static GenericRecord avro(byte[] bytes) throws IOException {
    try (DataFileReader<GenericRecord> reader =
        new DataFileReader<>(new SeekableByteArrayInput(bytes), new GenericDatumReader<>())) {
      return reader.next();
    }
  }
}
