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

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.LongAdder;
import org.gaul.shaded.org.eclipse.jetty.server.Request;
import org.gaul.shaded.org.eclipse.jetty.server.handler.HandlerWrapper;

/**
 * Counts every HTTP request an S3Proxy server receives, by kind, at the server: a Jetty handler in
 * front of S3Proxy's own ({@link CountingS3Server} puts it there), so a request counts whichever
 * client or Hadoop file system instance sent it, and whether or not S3Proxy accepted it.
 *
 * <p>The kind comes from the method, the path (path-style: {@code /bucket} or {@code /bucket/key})
 * and the query, as S3's API defines the operations: HEAD (object or bucket); GET of an object;
 * LIST (GET of the bucket: ListObjects(V2), ListMultipartUploads); PUT of an object; COPY (a PUT
 * with {@code x-amz-copy-source}: CopyObject, UploadPartCopy); MULTIPART (CreateMultipartUpload
 * {@code POST ?uploads}, UploadPart {@code PUT ?uploadId}, CompleteMultipartUpload {@code POST
 * ?uploadId}, AbortMultipartUpload {@code DELETE ?uploadId}, ListParts {@code GET ?uploadId});
 * DELETE (DeleteObject, and DeleteObjects {@code POST ?delete} as one request whatever its number
 * of keys); OTHER (anything else, such as a bucket's creation).
 */
final class S3RequestCounter extends HandlerWrapper {
  /** The kinds of S3 request counted apart. */
  enum Kind {
    GET,
    HEAD,
    PUT,
    LIST,
    DELETE,
    MULTIPART,
    COPY,
    OTHER
  }

  /** Requests counted up to a moment: by kind, and how many were answered with 4xx or 5xx. */
  record Requests(Map<Kind, Long> byKind, long errors) {
    Requests {
      EnumMap<Kind, Long> copy = new EnumMap<>(Kind.class);
      for (Kind k : Kind.values()) {
        copy.put(k, byKind.getOrDefault(k, 0L));
      }
      byKind = Collections.unmodifiableMap(copy);
    }

    long get(Kind kind) {
      return byKind.get(kind);
    }

    long total() {
      return byKind.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The requests made since {@code earlier}. */
    Requests since(Requests earlier) {
      EnumMap<Kind, Long> diff = new EnumMap<>(Kind.class);
      for (Kind k : Kind.values()) {
        diff.put(k, get(k) - earlier.get(k));
      }
      return new Requests(diff, errors - earlier.errors);
    }

    @Override
    public String toString() {
      StringBuilder s = new StringBuilder().append(total()).append(" requests (");
      String sep = "";
      for (Map.Entry<Kind, Long> e : byKind.entrySet()) {
        if (e.getValue() != 0) {
          s.append(sep).append(e.getKey()).append(' ').append(e.getValue());
          sep = ", ";
        }
      }
      return s.append("; ").append(errors).append(" answered 4xx/5xx)").toString();
    }
  }

  private final Map<Kind, LongAdder> counts;
  private final LongAdder errors = new LongAdder();
  private final List<S3Request> log = Collections.synchronizedList(new ArrayList<>());

  S3RequestCounter() {
    EnumMap<Kind, LongAdder> map = new EnumMap<>(Kind.class);
    for (Kind k : Kind.values()) {
      map.put(k, new LongAdder());
    }
    this.counts = Collections.unmodifiableMap(map);
  }

  /** The requests counted so far. */
  Requests requests() {
    EnumMap<Kind, Long> now = new EnumMap<>(Kind.class);
    counts.forEach((k, v) -> now.put(k, v.sum()));
    return new Requests(now, errors.sum());
  }

  /**
   * Every request counted so far, in the order the server received them ({@link S3Request}). A
   * request is logged after S3Proxy has answered it, so its client may go on before it is in the
   * log: this waits, at most 10 s, until every request counted when called is logged.
   */
  List<S3Request> log() {
    long counted = counts.values().stream().mapToLong(LongAdder::sum).sum();
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
    synchronized (log) {
      while (log.size() < counted) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new IllegalStateException(
              counted + " requests counted, but only " + log.size() + " logged after 10 s");
        }
        try {
          log.wait(Math.max(1, java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(left)));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("Interrupted waiting for the request log", e);
        }
      }
      return List.copyOf(log);
    }
  }

  @Override
  public void handle(
      String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
      throws IOException, ServletException {
    Kind kind =
        kind(
            request.getMethod(),
            request.getRequestURI(),
            request.getQueryString(),
            request.getHeader("x-amz-copy-source") != null);
    counts.get(kind).increment();
    // Taken before S3Proxy answers: the client's thread is still waiting in this request.
    String referer = request.getHeader("Referer");
    S3Request seen =
        S3Request.of(
            kind, request.getRequestURI(), request.getQueryString(), 0, referer, referer != null);
    try {
      super.handle(target, baseRequest, request, response);
    } finally {
      int status = response.getStatus();
      if (status >= 400) {
        errors.increment();
      }
      synchronized (log) {
        log.add(
            new S3Request(
                seen.kind(), seen.probe(), seen.key(), status, seen.operation(), seen.frames()));
        log.notifyAll();
      }
    }
  }

  /**
   * The kind of a path-style S3 request: {@code path} is {@code /bucket} or {@code /bucket/key},
   * {@code query} the raw query string (or null).
   */
  static Kind kind(String method, String path, String query, boolean copySource) {
    Set<String> params = parameterNames(query);
    String p = path == null ? "" : path.replaceAll("^/+", "");
    int slash = p.indexOf('/');
    boolean object = slash >= 0 && slash < p.length() - 1;
    boolean upload = params.contains("uploadId");
    switch (method) {
      case "HEAD":
        return Kind.HEAD;
      case "GET":
        return object && !upload ? Kind.GET : object ? Kind.MULTIPART : Kind.LIST;
      case "PUT":
        if (copySource) {
          return Kind.COPY;
        }
        return upload ? Kind.MULTIPART : object ? Kind.PUT : Kind.OTHER;
      case "POST":
        if (params.contains("delete")) {
          return Kind.DELETE;
        }
        return upload || params.contains("uploads") ? Kind.MULTIPART : Kind.OTHER;
      case "DELETE":
        return upload ? Kind.MULTIPART : object ? Kind.DELETE : Kind.OTHER;
      default:
        return Kind.OTHER;
    }
  }

  private static Set<String> parameterNames(String query) {
    Set<String> names = new TreeSet<>();
    if (query == null || query.isEmpty()) {
      return names;
    }
    for (String pair : query.split("&")) {
      int eq = pair.indexOf('=');
      names.add(eq < 0 ? pair : pair.substring(0, eq));
    }
    return names;
  }
}
