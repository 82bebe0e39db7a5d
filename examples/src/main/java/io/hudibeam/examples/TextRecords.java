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
package io.hudibeam.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Turns JSON lines and CSV rows into Avro records of a given schema, and infers such a schema from
 * sample lines: booleans, whole numbers (long), other numbers (double), everything else string;
 * nested JSON values are kept as JSON text. Every inferred field is nullable.
 */
final class TextRecords {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TextRecords() {}

  /** The kinds a sampled value can have, from the narrowest; merging two gives the wider. */
  enum Kind {
    NULL,
    BOOLEAN,
    LONG,
    DOUBLE,
    STRING;

    Kind merge(Kind other) {
      if (this == other || other == NULL) {
        return this;
      }
      if (this == NULL) {
        return other;
      }
      if ((this == LONG && other == DOUBLE) || (this == DOUBLE && other == LONG)) {
        return DOUBLE;
      }
      return STRING;
    }

    static Kind of(Object raw) {
      if (raw == null) {
        return NULL;
      }
      if (raw instanceof JsonNode) {
        JsonNode node = (JsonNode) raw;
        if (node.isNull()) {
          return NULL;
        } else if (node.isBoolean()) {
          return BOOLEAN;
        } else if (node.isIntegralNumber() && node.canConvertToLong()) {
          return LONG;
        } else if (node.isNumber()) {
          return DOUBLE;
        }
        return STRING;
      }
      String text = (String) raw;
      if (text.isEmpty()) {
        return NULL;
      } else if (text.equals("true") || text.equals("false")) {
        return BOOLEAN;
      } else if (parseLong(text) != null) {
        return LONG;
      } else if (parseDouble(text) != null) {
        return DOUBLE;
      }
      return STRING;
    }
  }

  /** The fields of one JSON line, in the line's order; raw values are {@link JsonNode}s. */
  static Map<String, Object> jsonFields(String line) {
    JsonNode node;
    try {
      node = JSON.readTree(line);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new BadRecordException("not valid JSON: " + e.getOriginalMessage());
    }
    if (node == null || !node.isObject()) {
      throw new BadRecordException("not a JSON object");
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      fields.put(e.getKey(), e.getValue());
    }
    return fields;
  }

  /** The fields of one CSV row under the header's column names; raw values are strings. */
  static Map<String, Object> csvFields(List<String> header, String line) {
    List<String> values = csvValues(line);
    if (values.size() != header.size()) {
      throw new BadRecordException(
          "has " + values.size() + " columns, but the header has " + header.size());
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    for (int i = 0; i < header.size(); i++) {
      fields.put(header.get(i), values.get(i));
    }
    return fields;
  }

  /** A CSV file's header line (its first line; none in an empty file) split into column names. */
  static List<String> csvHeader(String firstLine) {
    return csvValues(firstLine == null ? "" : firstLine);
  }

  /**
   * Splits one CSV line: commas separate values, double quotes enclose them, {@code ""} is a quote.
   */
  static List<String> csvValues(String line) {
    List<String> values = new ArrayList<>();
    StringBuilder value = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          value.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          value.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        values.add(value.toString());
        value.setLength(0);
      } else {
        value.append(c);
      }
    }
    if (quoted) {
      throw new BadRecordException("has an unclosed quote");
    }
    values.add(value.toString());
    return values;
  }

  /** A nullable-field record schema named as Hudi's Spark writer names a table's records. */
  static Schema infer(String tableName, List<Map<String, Object>> samples) {
    Map<String, Kind> kinds = new LinkedHashMap<>();
    for (Map<String, Object> sample : samples) {
      sample.forEach((name, raw) -> kinds.merge(name, Kind.of(raw), Kind::merge));
    }
    if (kinds.isEmpty()) {
      throw new UsageException(
          "no fields found in the input's first lines to infer a schema from; give --schema=FILE.avsc");
    }
    SchemaBuilder.FieldAssembler<Schema> fields =
        SchemaBuilder.record(tableName + "_record").namespace("hoodie." + tableName).fields();
    for (Map.Entry<String, Kind> e : kinds.entrySet()) {
      checkName(e.getKey());
      switch (e.getValue()) {
        case BOOLEAN:
          fields = fields.optionalBoolean(e.getKey());
          break;
        case LONG:
          fields = fields.optionalLong(e.getKey());
          break;
        case DOUBLE:
          fields = fields.optionalDouble(e.getKey());
          break;
        default:
          fields = fields.optionalString(e.getKey());
      }
    }
    return fields.endRecord();
  }

  private static void checkName(String name) {
    boolean valid =
        !name.isEmpty() && (Character.isLetter(name.charAt(0)) || name.charAt(0) == '_');
    for (int i = 0; valid && i < name.length(); i++) {
      char c = name.charAt(i);
      valid = Character.isLetterOrDigit(c) || c == '_';
    }
    if (!valid) {
      throw new UsageException(
          "input field '"
              + name
              + "' is not a valid Avro field name (letters, digits, _); give --schema=FILE.avsc with a renamed field, or rename it in the input");
    }
  }

  /** Checks every field of {@code schema} is one the text formats can fill. */
  static void checkTextSchema(Schema schema, InputFormat format) {
    for (Schema.Field field : schema.getFields()) {
      Schema.Type type = nonNull(field.schema()).getType();
      switch (type) {
        case STRING:
        case LONG:
        case INT:
        case DOUBLE:
        case FLOAT:
        case BOOLEAN:
          break;
        default:
          throw new UsageException(
              String.format(
                  "schema field '%s' has type %s; %s input fills string, int, long, float, double and boolean fields",
                  field.name(), type, format.name().toLowerCase(Locale.ROOT)));
      }
    }
  }

  /**
   * The record of {@code schema} holding {@code fields}; rejects unknown fields and wrong types.
   */
  static GenericRecord toRecord(Schema schema, Map<String, Object> fields) {
    for (String name : fields.keySet()) {
      if (schema.getField(name) == null) {
        throw new BadRecordException("field '" + name + "' is not in the schema");
      }
    }
    GenericData.Record record = new GenericData.Record(schema);
    for (Schema.Field field : schema.getFields()) {
      Object raw = fields.get(field.name());
      Object value = Kind.of(raw) == Kind.NULL ? null : convert(field, raw);
      if (value == null && !isNullable(field.schema())) {
        throw new BadRecordException("field '" + field.name() + "' is required but missing");
      }
      record.put(field.pos(), value);
    }
    return record;
  }

  private static Object convert(Schema.Field field, Object raw) {
    Schema.Type type = nonNull(field.schema()).getType();
    String text = raw instanceof JsonNode ? jsonText((JsonNode) raw) : (String) raw;
    boolean jsonString = raw instanceof JsonNode && ((JsonNode) raw).isTextual();
    Object value;
    switch (type) {
      case STRING:
        return text;
      case BOOLEAN:
        value =
            jsonString
                ? null
                : text.equals("true") ? Boolean.TRUE : text.equals("false") ? Boolean.FALSE : null;
        break;
      case LONG:
        value = jsonString ? null : parseLong(text);
        break;
      case INT:
        Long l = jsonString ? null : parseLong(text);
        value = l != null && l == l.intValue() ? Integer.valueOf(l.intValue()) : null;
        break;
      case DOUBLE:
        value = jsonString ? null : parseDouble(text);
        break;
      case FLOAT:
        Double d = jsonString ? null : parseDouble(text);
        value = d == null ? null : Float.valueOf(d.floatValue());
        break;
      default:
        throw new BadRecordException("field '" + field.name() + "' has unsupported type " + type);
    }
    if (value == null) {
      throw new BadRecordException(
          "field '"
              + field.name()
              + "' must be "
              + type.getName()
              + ", but is "
              + (raw instanceof JsonNode ? raw.toString() : "'" + text + "'"));
    }
    return value;
  }

  private static String jsonText(JsonNode node) {
    return node.isValueNode() ? node.asText() : node.toString();
  }

  private static Long parseLong(String text) {
    try {
      return Long.valueOf(text.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Double parseDouble(String text) {
    try {
      double d = Double.parseDouble(text.trim());
      return Double.isFinite(d) ? d : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static Schema nonNull(Schema schema) {
    if (schema.getType() == Schema.Type.UNION) {
      for (Schema s : schema.getTypes()) {
        if (s.getType() != Schema.Type.NULL) {
          return s;
        }
      }
    }
    return schema;
  }

  private static boolean isNullable(Schema schema) {
    return schema.getType() == Schema.Type.NULL
        || (schema.getType() == Schema.Type.UNION
            && schema.getTypes().stream().anyMatch(s -> s.getType() == Schema.Type.NULL));
  }

  /**
   * One line of the rejects file: where the input came from, why it was rejected, and the input.
   */
  static String reject(String source, String reason, String input) {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.put("source", source);
    node.put("reason", reason);
    node.put("input", input);
    return node.toString();
  }
}
