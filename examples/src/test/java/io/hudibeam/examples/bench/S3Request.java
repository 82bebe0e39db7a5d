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

import io.hudibeam.examples.bench.S3RequestCounter.Kind;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One request the S3 request benchmark's server received: its kind, whether it is a probe (a LIST
 * of at most two keys: S3A's check whether a path is a folder), the key (or LIST prefix) and its
 * {@link S3KeyClass}, the answer's status, and who made it.
 *
 * <p>Who made it comes from S3A's audit header: S3A (3.3.2 on, {@code fs.s3a.audit.enabled} and
 * {@code fs.s3a.audit.referrer.enabled}, both on by default) sends with every request a {@code
 * Referer} naming the file-system operation ({@code op}, e.g. {@code op_open}, {@code
 * op_get_file_status}) and the id of the thread that started it ({@code t0}). Client and server run
 * in one JVM, and that thread is waiting for the answer while the server handles the request, so
 * the server takes its stack ({@link #frames}) and keeps the chain of the writers' own frames
 * ({@code io.hudibeam}, {@code org.apache.hudi}), outermost first: the stage and the calls that
 * made the request.
 */
record S3Request(
    Kind kind, boolean probe, String key, int status, String operation, List<String> frames) {
  S3Request {
    frames = List.copyOf(frames);
  }

  S3KeyClass keyClass() {
    return S3KeyClass.of(key);
  }

  /** The kind as reported: LIST probes apart from listings. */
  String method() {
    return kind == Kind.LIST && probe ? "LIST probe" : kind.name();
  }

  /** The outermost frame of the writers' code, or {@code "-"}. */
  String stage() {
    return frames.isEmpty() ? "-" : frames.get(0);
  }

  /** The innermost frame of the writers' code, or {@code "-"}. */
  String caller() {
    return frames.isEmpty() ? "-" : frames.get(frames.size() - 1);
  }

  /** A request as the server saw it; {@code referer} is S3A's audit header or null. */
  static S3Request of(
      Kind kind, String path, String query, int status, String referer, boolean stacks) {
    Map<String, String> params = parameters(query);
    String key = path == null ? "" : path.replaceAll("^/+", "");
    int slash = key.indexOf('/');
    key = slash < 0 ? "" : key.substring(slash + 1);
    boolean probe = false;
    if (kind == Kind.LIST) {
      key = params.getOrDefault("prefix", "");
      String max = params.get("max-keys");
      probe = max != null && Integer.parseInt(max) <= 2;
    }
    Map<String, String> audit = referer == null ? Map.of() : parameters(query(referer));
    String operation = audit.getOrDefault("op", "-");
    List<String> frames = List.of();
    String t0 = audit.get("t0");
    if (stacks && t0 != null && t0.matches("\\d+")) {
      frames = frames(Long.parseLong(t0));
    }
    return new S3Request(kind, probe, key, status, operation, frames);
  }

  private static String query(String url) {
    int q = url.indexOf('?');
    return q < 0 ? "" : url.substring(q + 1);
  }

  static Map<String, String> parameters(String query) {
    Map<String, String> params = new LinkedHashMap<>();
    if (query == null || query.isEmpty()) {
      return params;
    }
    for (String pair : query.split("&")) {
      int eq = pair.indexOf('=');
      String name = eq < 0 ? pair : pair.substring(0, eq);
      String value =
          eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      params.put(name, value);
    }
    return params;
  }

  /** The writers' frames of thread {@code id}'s stack now, outermost first, repeats folded. */
  static List<String> frames(long id) {
    ThreadInfo info = ManagementFactory.getThreadMXBean().getThreadInfo(id, Integer.MAX_VALUE);
    if (info == null) {
      return List.of();
    }
    StackTraceElement[] stack = info.getStackTrace();
    List<String> out = new ArrayList<>();
    for (int i = stack.length - 1; i >= 0; i--) {
      String frame = frame(stack[i]);
      if (frame != null && (out.isEmpty() || !out.get(out.size() - 1).equals(frame))) {
        out.add(frame);
      }
    }
    return out;
  }

  /** {@code Class.method} of a writer's frame (nested classes kept, lambdas named by method). */
  static String frame(StackTraceElement e) {
    String cls = e.getClassName();
    boolean ours =
        cls.startsWith("io.hudibeam.")
            && !cls.startsWith("io.hudibeam.examples.")
            && !cls.startsWith("io.hudibeam.testing.");
    boolean hudi = cls.startsWith("org.apache.hudi.");
    // Beam's generated invokers of a DoFn carry its name: the DoFn's own frame follows.
    if ((!ours && !hudi) || cls.contains("$DoFnInvoker")) {
      return null;
    }
    String simple = cls.substring(cls.lastIndexOf('.') + 1).replaceAll("\\$\\$Lambda.*", "");
    String method = e.getMethodName().replaceAll("^lambda\\$(.*)\\$\\d+$", "$1");
    return simple.replace('$', '.') + "." + method;
  }
}
