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
package io.hudibeam.bootstrap;

import io.hudibeam.table.HudiTableException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.JsonProperties;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The schema of a bootstrap's rows and the rows of one source file in it.
 *
 * <p>The schema is the first source file's (Hudi's {@code HoodieSparkBootstrapSchemaProvider} also
 * takes one file's schema), with each partition field the files do not hold appended as an optional
 * string: Hive-style folders ({@code city=x}) carry the value in the folder name only, as Spark
 * writes them. A partition field's value comes from the folder named after it ({@code city=x}) or,
 * in plain folders ({@code x/2024}), from the folder at its position when there is one folder per
 * partition field.
 *
 * <p>Every source file must hold the record key fields (else the file and the field are named) and
 * every field of the schema with the same type, except optional fields, which it may lack (read as
 * null); a field the schema does not have is refused, naming the file and the field.
 */
public final class SourceRecords {
  private final Schema schema;
  private final Map<String, String> folderValues;
  private final List<Integer> fromFile;

  private SourceRecords(Schema schema, Map<String, String> folderValues, List<Integer> fromFile) {
    this.schema = schema;
    this.folderValues = folderValues;
    this.fromFile = fromFile;
  }

  /** The bootstrap schema from the first file's schema and the table's partition fields. */
  public static Schema bootstrapSchema(Schema firstFile, List<String> partitionFields) {
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : firstFile.getFields()) {
      fields.add(new Schema.Field(f, f.schema()));
    }
    for (String partitionField : partitionFields) {
      if (firstFile.getField(partitionField) == null) {
        fields.add(
            new Schema.Field(
                partitionField,
                Schema.createUnion(
                    Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.STRING)),
                "partition value from the source folder name",
                JsonProperties.NULL_VALUE));
      }
    }
    Schema schema =
        Schema.createRecord(
            firstFile.getName(), firstFile.getDoc(), firstFile.getNamespace(), false, fields);
    firstFile.getObjectProps().forEach(schema::addProp);
    return schema;
  }

  /**
   * The rows of the source file {@code file} (its schema {@code fileSchema}) in {@code schema},
   * refusing a file without a record key field or whose fields do not fit the schema.
   */
  public static SourceRecords of(
      SourceFile file,
      Schema fileSchema,
      Schema schema,
      List<String> recordKeyFields,
      List<String> partitionFields) {
    for (String key : recordKeyFields) {
      if (fileSchema.getField(key) == null) {
        throw new HudiTableException(
            "The bootstrap source file "
                + file.path()
                + " has no record key field '"
                + key
                + "' (its fields: "
                + fieldNames(fileSchema)
                + ")");
      }
    }
    for (Schema.Field f : fileSchema.getFields()) {
      Schema.Field target = schema.getField(f.name());
      if (target == null) {
        throw new HudiTableException(
            "The bootstrap source file "
                + file.path()
                + " has the field '"
                + f.name()
                + "', which the first source file's schema does not have: every source file must"
                + " have the schema of the first ("
                + fieldNames(schema)
                + ")");
      }
      if (!target.schema().equals(f.schema())) {
        throw new HudiTableException(
            "The bootstrap source file "
                + file.path()
                + " has the field '"
                + f.name()
                + "' as "
                + f.schema()
                + ", but the first source file has it as "
                + target.schema());
      }
    }
    Map<String, String> folderValues = folderValues(file, partitionFields);
    List<Integer> fromFile = new ArrayList<>();
    for (Schema.Field f : schema.getFields()) {
      Schema.Field inFile = fileSchema.getField(f.name());
      fromFile.add(inFile == null ? -1 : inFile.pos());
      if (inFile == null && !folderValues.containsKey(f.name()) && !isOptional(f.schema())) {
        throw new HudiTableException(
            "The bootstrap source file "
                + file.path()
                + " has no field '"
                + f.name()
                + "'"
                + (partitionFields.contains(f.name())
                    ? " and its folder '" + file.partition() + "' does not name its value"
                    : ", which the first source file has and is not optional"));
      }
    }
    return new SourceRecords(schema, folderValues, fromFile);
  }

  /** {@code source}, a row of the file, in the bootstrap schema. */
  public GenericRecord toBootstrapRecord(GenericRecord source) {
    GenericData.Record out = new GenericData.Record(schema);
    for (Schema.Field f : schema.getFields()) {
      Object value = fromFile.get(f.pos()) >= 0 ? source.get(f.name()) : folderValues.get(f.name());
      out.put(f.pos(), value);
    }
    return out;
  }

  /** The value of each partition field that the file's folder names. */
  static Map<String, String> folderValues(SourceFile file, List<String> partitionFields) {
    Map<String, String> values = new HashMap<>();
    if (file.partition().isEmpty()) {
      return values;
    }
    String[] folders = file.partition().split("/");
    for (int i = 0; i < folders.length; i++) {
      int eq = folders[i].indexOf('=');
      if (eq > 0) {
        values.put(folders[i].substring(0, eq), unescape(folders[i].substring(eq + 1)));
      } else if (folders.length == partitionFields.size()) {
        values.put(partitionFields.get(i), unescape(folders[i]));
      }
    }
    values.keySet().retainAll(partitionFields);
    return values;
  }

  /** Undoes the {@code %XX} escapes Spark and Hive write into partition folder names. */
  static String unescape(String value) {
    if (value.indexOf('%') < 0) {
      return value;
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '%' && isHex(value, i + 1) && isHex(value, i + 2)) {
        out.append((char) Integer.parseInt(value.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static boolean isHex(String s, int i) {
    return i < s.length() && Character.digit(s.charAt(i), 16) >= 0;
  }

  private static boolean isOptional(Schema schema) {
    return schema.getType() == Schema.Type.UNION
        && schema.getTypes().stream().anyMatch(s -> s.getType() == Schema.Type.NULL);
  }

  private static List<String> fieldNames(Schema schema) {
    return schema.getFields().stream().map(Schema.Field::name).toList();
  }

  @Override
  public String toString() {
    return "SourceRecords" + Objects.toString(folderValues);
  }
}
