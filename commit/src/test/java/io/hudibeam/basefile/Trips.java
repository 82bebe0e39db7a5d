package io.hudibeam.basefile;

import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** The trips data set (README.md, "The trips data set") as Avro records, with the schema Hudi's Spark writer uses. */
final class Trips {
  static final String[] CITIES = {
    "san_francisco", "sao_paulo", "chennai", "new_york", "london", "paris", "tokyo", "sydney"
  };

  static final Schema USER_SCHEMA =
      new Schema.Parser()
          .parse(
              "{\"type\":\"record\",\"name\":\"trips_record\",\"namespace\":\"hoodie.trips\",\"fields\":["
                  + "{\"name\":\"uuid\",\"type\":\"string\"},{\"name\":\"ts\",\"type\":\"long\"},"
                  + "{\"name\":\"rider\",\"type\":[\"null\",\"string\"],\"default\":null},"
                  + "{\"name\":\"driver\",\"type\":[\"null\",\"string\"],\"default\":null},"
                  + "{\"name\":\"fare\",\"type\":[\"null\",\"double\"],\"default\":null},"
                  + "{\"name\":\"begin_lat\",\"type\":[\"null\",\"double\"],\"default\":null},"
                  + "{\"name\":\"begin_lon\",\"type\":[\"null\",\"double\"],\"default\":null},"
                  + "{\"name\":\"end_lat\",\"type\":[\"null\",\"double\"],\"default\":null},"
                  + "{\"name\":\"end_lon\",\"type\":[\"null\",\"double\"],\"default\":null},"
                  + "{\"name\":\"city\",\"type\":[\"null\",\"string\"],\"default\":null}]}");

  private Trips() {}

  static String key(long i) {
    return String.format("trip-%012d", i);
  }

  static String city(long i) {
    return CITIES[(int) (i % 8)];
  }

  static GenericRecord record(long b, long i) {
    GenericRecord r = new GenericData.Record(USER_SCHEMA);
    r.put("uuid", key(i));
    r.put("ts", 1700000000000L + b * 1000000000L + i);
    r.put("rider", "rider-" + (i % 1000));
    r.put("driver", "driver-" + (i % 97));
    r.put("fare", ((i + b * 7) % 10000) / 100.0);
    r.put("begin_lat", ((i * 31) % 1000) / 1000.0);
    r.put("begin_lon", ((i * 37) % 1000) / 1000.0);
    r.put("end_lat", ((i * 41) % 1000) / 1000.0);
    r.put("end_lon", ((i * 43) % 1000) / 1000.0);
    r.put("city", city(i));
    return r;
  }

  /** The record as a base file holds it: meta fields then the user fields. */
  static GenericRecord withMeta(
      GenericRecord user,
      Schema schemaWithMeta,
      String commitTime,
      String seqNo,
      String key,
      String partitionPath,
      String fileName) {
    GenericRecord r = new GenericData.Record(schemaWithMeta);
    r.put(0, commitTime);
    r.put(1, seqNo);
    r.put(2, key);
    r.put(3, partitionPath);
    r.put(4, fileName);
    for (Schema.Field f : user.getSchema().getFields()) {
      r.put(f.name(), user.get(f.pos()));
    }
    return r;
  }
}
