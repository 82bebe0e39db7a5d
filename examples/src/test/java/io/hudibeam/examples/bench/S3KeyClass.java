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
package io.hudibeam.examples.bench;

import java.util.regex.Pattern;

/**
 * What a key of a table on the S3 request benchmark's server is, in Hudi's layout: the key is
 * {@code <table>/<path in the table>} (the bucket stripped), or the prefix of a LIST. Classes
 * follow the table's layout ({@code docs/format.md}): the table's {@code .hoodie} folder and its
 * parts, the metadata table under {@code .hoodie/metadata} (its own timeline apart from its files),
 * and the data partitions' files.
 */
enum S3KeyClass {
  /** The table's base path, or the bucket. */
  TABLE_ROOT("table root"),
  /** {@code .hoodie/hoodie.properties} (and its backup). */
  HOODIE_PROPERTIES("hoodie.properties"),
  /** {@code .hoodie} itself and the instant files in it ({@code .hoodie/timeline/} on v8). */
  TIMELINE("timeline (.hoodie, instant files)"),
  /** {@code .hoodie/archived/}. */
  ARCHIVED_TIMELINE("archived timeline"),
  /** {@code .hoodie/.temp/}: an instant's markers. */
  MARKERS("markers (.hoodie/.temp)"),
  /** {@code .hoodie/.heartbeat/} and the sinks' heartbeats in {@code .hoodie/.aux/.sinks}. */
  HEARTBEATS("heartbeats"),
  /** {@code .hoodie/lock}. */
  LOCK("lock"),
  /** The conditional-create probe's scratch files {@code .create-if-absent-probe-*}. */
  CREATE_PROBE("create-if-absent probe"),
  /** {@code .hoodie/.aux/.commit-intents/}. */
  COMMIT_INTENTS("commit intents"),
  /** Anything else under {@code .hoodie} but the metadata table ({@code .aux}, {@code .schema}). */
  META_OTHER(".hoodie, other"),
  /** The metadata table's {@code .hoodie} (its timeline and {@code hoodie.properties}). */
  MDT_TIMELINE("metadata table: timeline, properties"),
  /** The metadata table's partitions: its HFiles, log files, partition metadata. */
  MDT_FILES("metadata table: files"),
  /** A data partition's {@code .hoodie_partition_metadata}. */
  PARTITION_METADATA("partition metadata"),
  /** A data partition's base file ({@code .parquet}, {@code .hfile}, {@code .orc}). */
  BASE_FILE("base files"),
  /** A data partition's log file. */
  LOG_FILE("log files"),
  /** A data partition's folder (its listing or probe). */
  PARTITION_FOLDER("partition folders");

  private static final Pattern INSTANT = Pattern.compile("\\d{14,17}(_\\d+)?\\..+");

  private final String label;

  S3KeyClass(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }

  /**
   * The class of {@code key}, a key or LIST prefix in the bucket: {@code <table>/<path>}, with or
   * without a trailing slash; an empty key is the bucket.
   */
  static S3KeyClass of(String key) {
    String k = key == null ? "" : key.replaceAll("^/+", "").replaceAll("/+$", "");
    int slash = k.indexOf('/');
    if (slash < 0) {
      return TABLE_ROOT;
    }
    String path = k.substring(slash + 1);
    String name = path.substring(path.lastIndexOf('/') + 1);
    if (name.startsWith(".create-if-absent-probe-")) {
      return CREATE_PROBE;
    }
    if (path.equals(".hoodie/metadata/.hoodie") || path.startsWith(".hoodie/metadata/.hoodie/")) {
      return MDT_TIMELINE;
    }
    if (path.equals(".hoodie/metadata") || path.startsWith(".hoodie/metadata/")) {
      return MDT_FILES;
    }
    if (path.equals(".hoodie")) {
      return TIMELINE;
    }
    if (path.startsWith(".hoodie/")) {
      return metaClass(path.substring(".hoodie/".length()));
    }
    if (name.startsWith(".hoodie_partition_metadata")) {
      return PARTITION_METADATA;
    }
    if (name.contains(".log.")) {
      return LOG_FILE;
    }
    if (name.endsWith(".parquet") || name.endsWith(".hfile") || name.endsWith(".orc")) {
      return BASE_FILE;
    }
    return PARTITION_FOLDER;
  }

  private static S3KeyClass metaClass(String inMeta) {
    String first = inMeta.contains("/") ? inMeta.substring(0, inMeta.indexOf('/')) : inMeta;
    switch (first) {
      case "hoodie.properties":
      case "hoodie.properties.backup":
        return HOODIE_PROPERTIES;
      case "timeline":
        return inMeta.startsWith("timeline/history") ? ARCHIVED_TIMELINE : TIMELINE;
      case "archived":
        return ARCHIVED_TIMELINE;
      case ".temp":
        return MARKERS;
      case ".heartbeat":
        return HEARTBEATS;
      case "lock":
        return LOCK;
      case ".aux":
        if (inMeta.startsWith(".aux/.commit-intents")) {
          return COMMIT_INTENTS;
        }
        return inMeta.startsWith(".aux/.sinks") ? HEARTBEATS : META_OTHER;
      default:
        return INSTANT.matcher(first).matches() ? TIMELINE : META_OTHER;
    }
  }
}
