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

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.DefaultValueFactory;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.Hidden;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * Hudi and Hadoop settings given on the command line as {@code --hoodie.<key>=<value>} (a Hudi
 * setting, passed to {@code HudiIO.write().withHoodieProperties}) and {@code
 * --hadoop.<key>=<value>} (a Hadoop configuration entry, {@code withHadoopConfiguration}). {@link
 * #extract} takes them out of the arguments before Beam parses the rest; the commands read them
 * here.
 */
public interface SettingsOptions extends PipelineOptions {
  /** The prefix of a Hudi setting on the command line: the key itself starts with hoodie. */
  String HOODIE_PREFIX = "--hoodie.";

  /** The prefix of a Hadoop setting; the key is what follows it. */
  String HADOOP_PREFIX = "--hadoop.";

  @Hidden
  @Description("Hudi settings from --hoodie.<key>=<value> arguments")
  @Default.InstanceFactory(EmptyMap.class)
  Map<String, String> getHoodieSettings();

  void setHoodieSettings(Map<String, String> value);

  @Hidden
  @Description("Hadoop settings from --hadoop.<key>=<value> arguments")
  @Default.InstanceFactory(EmptyMap.class)
  Map<String, String> getHadoopSettings();

  void setHadoopSettings(Map<String, String> value);

  /** An empty map. */
  final class EmptyMap implements DefaultValueFactory<Map<String, String>> {
    @Override
    public Map<String, String> create(PipelineOptions options) {
      return new LinkedHashMap<>();
    }
  }

  /** The arguments split into Hudi settings, Hadoop settings and the rest (for Beam). */
  record Split(Map<String, String> hoodie, Map<String, String> hadoop, String[] rest) {}

  /** Takes the {@code --hoodie.*} and {@code --hadoop.*} arguments out of {@code args}. */
  static Split extract(String[] args) {
    Map<String, String> hoodie = new LinkedHashMap<>();
    Map<String, String> hadoop = new LinkedHashMap<>();
    List<String> rest = new ArrayList<>();
    for (String arg : args) {
      if (arg.startsWith(HOODIE_PREFIX)) {
        put(hoodie, arg, arg.substring(2));
      } else if (arg.startsWith(HADOOP_PREFIX)) {
        put(hadoop, arg, arg.substring(HADOOP_PREFIX.length()));
      } else {
        rest.add(arg);
      }
    }
    return new Split(hoodie, hadoop, rest.toArray(new String[0]));
  }

  private static void put(Map<String, String> settings, String arg, String keyAndValue) {
    int eq = keyAndValue.indexOf('=');
    if (eq <= 0 || eq == keyAndValue.length() - 1) {
      throw new UsageException(
          arg
              + " is not valid; a setting is given as --hoodie.<key>=<value> or"
              + " --hadoop.<key>=<value>, e.g. --hoodie.cleaner.commits.retained=5");
    }
    String key = keyAndValue.substring(0, eq);
    if (settings.containsKey(key)) {
      throw new UsageException(
          arg
              + " sets "
              + key
              + " a second time (it was "
              + settings.get(key)
              + "); give each setting once");
    }
    settings.put(key, keyAndValue.substring(eq + 1));
  }
}
