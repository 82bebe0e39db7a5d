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

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.examples.bench.S3RequestCounter.Kind;
import io.hudibeam.examples.bench.S3RequestCounter.Requests;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gaul.s3proxy.AuthenticationType;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The request counter of the S3 request benchmark counts, at an S3Proxy server, each request of a
 * known sequence of S3 API calls (plain HTTP, no authentication) under its kind, and the requests
 * the server answered with an error.
 */
public class S3RequestCounterTest {
  @Rule public final TemporaryFolder folder = new TemporaryFolder();

  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private HttpResponse<String> send(
      CountingS3Server server, String method, String pathAndQuery, String body, String... headers)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(server.endpoint() + pathAndQuery))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  public void countsEachRequestOfAKnownSequenceByKind() throws Exception {
    try (CountingS3Server server =
        CountingS3Server.start(folder.getRoot().toPath(), AuthenticationType.NONE)) {
      Requests before = server.requests();
      String b = "/" + CountingS3Server.BUCKET;
      assertThat(send(server, "PUT", b + "/a/x.txt", "hello").statusCode(), is(200));
      assertThat(send(server, "GET", b + "/a/x.txt", null).body(), is("hello"));
      assertThat(send(server, "HEAD", b + "/a/x.txt", null).statusCode(), is(200));
      assertThat(send(server, "HEAD", b + "/a/missing", null).statusCode(), is(404));
      assertThat(
          send(server, "GET", b + "?list-type=2&prefix=a/", null).body().contains("a/x.txt"),
          is(true));
      assertThat(
          send(server, "PUT", b + "/a/y.txt", "", "x-amz-copy-source", b + "/a/x.txt").statusCode(),
          is(200));
      String initiated = send(server, "POST", b + "/a/z.bin?uploads", "").body();
      Matcher id = Pattern.compile("<UploadId>([^<]+)</UploadId>").matcher(initiated);
      assertThat(initiated, id.find(), is(true));
      String upload = "uploadId=" + id.group(1);
      assertThat(
          send(server, "PUT", b + "/a/z.bin?partNumber=1&" + upload, "part").statusCode(), is(200));
      assertThat(send(server, "DELETE", b + "/a/z.bin?" + upload, null).statusCode(), is(204));
      assertThat(send(server, "DELETE", b + "/a/x.txt", null).statusCode(), is(204));
      String delete =
          "<Delete><Object><Key>a/y.txt</Key></Object><Object><Key>a/w.txt</Key></Object></Delete>";
      byte[] md5 = MessageDigest.getInstance("MD5").digest(delete.getBytes(StandardCharsets.UTF_8));
      assertThat(
          send(
                  server,
                  "POST",
                  b + "?delete",
                  delete,
                  "Content-MD5",
                  Base64.getEncoder().encodeToString(md5),
                  "Content-Type",
                  "application/xml")
              .statusCode(),
          is(200));

      // The log first: it waits until every request is logged, after its status is counted.
      List<S3Request> log = server.log();
      Requests counted = server.requests().since(before);
      Map<Kind, Long> expected = new EnumMap<>(Kind.class);
      expected.put(Kind.GET, 1L);
      expected.put(Kind.HEAD, 2L);
      expected.put(Kind.PUT, 1L);
      expected.put(Kind.LIST, 1L);
      expected.put(Kind.DELETE, 2L);
      expected.put(Kind.MULTIPART, 3L);
      expected.put(Kind.COPY, 1L);
      expected.put(Kind.OTHER, 0L);
      assertThat(counted.toString(), counted.byKind(), is(expected));
      assertThat(counted.total(), is(11L));
      assertThat("the HEAD of the missing key", counted.errors(), is(1L));
      assertThat(log.size(), is(11));
      assertThat(log.get(0).key(), is("a/x.txt"));
      assertThat(log.get(3).status(), is(404));
    }
  }

  @Test
  public void kindsOfPathStyleRequests() {
    assertThat(S3RequestCounter.kind("GET", "/bucket/", "list-type=2", false), is(Kind.LIST));
    assertThat(S3RequestCounter.kind("GET", "/bucket", null, false), is(Kind.LIST));
    assertThat(S3RequestCounter.kind("GET", "/bucket/t/.hoodie/x", null, false), is(Kind.GET));
    assertThat(S3RequestCounter.kind("HEAD", "/bucket/t", null, false), is(Kind.HEAD));
    assertThat(S3RequestCounter.kind("PUT", "/bucket", null, false), is(Kind.OTHER));
    assertThat(S3RequestCounter.kind("POST", "/bucket/k", "uploadId=1", false), is(Kind.MULTIPART));
    assertThat(S3RequestCounter.kind("PUT", "/bucket/k", "uploadId=1", true), is(Kind.COPY));
  }

  @Test
  public void keyClassesOfHudisLayout() {
    assertThat(S3KeyClass.of(""), is(S3KeyClass.TABLE_ROOT));
    assertThat(S3KeyClass.of("t/"), is(S3KeyClass.TABLE_ROOT));
    assertThat(S3KeyClass.of("t/.hoodie/"), is(S3KeyClass.TIMELINE));
    assertThat(S3KeyClass.of("t/.hoodie/hoodie.properties"), is(S3KeyClass.HOODIE_PROPERTIES));
    assertThat(S3KeyClass.of("t/.hoodie/20261207055400123.commit"), is(S3KeyClass.TIMELINE));
    assertThat(
        S3KeyClass.of("t/.hoodie/20261207055400123.commit.requested"), is(S3KeyClass.TIMELINE));
    assertThat(
        S3KeyClass.of("t/.hoodie/timeline/20261207055400123_20261207055401000.commit"),
        is(S3KeyClass.TIMELINE));
    assertThat(
        S3KeyClass.of("t/.hoodie/archived/.commits_.archive.1_1-0-1"),
        is(S3KeyClass.ARCHIVED_TIMELINE));
    assertThat(
        S3KeyClass.of("t/.hoodie/.temp/20261207055400123/sf/f1_0-1-2_1.parquet.marker.CREATE"),
        is(S3KeyClass.MARKERS));
    assertThat(S3KeyClass.of("t/.hoodie/.heartbeat/20261207055400123"), is(S3KeyClass.HEARTBEATS));
    assertThat(S3KeyClass.of("t/.hoodie/.aux/.sinks/s1"), is(S3KeyClass.HEARTBEATS));
    assertThat(S3KeyClass.of("t/.hoodie/.aux/.commit-intents/x"), is(S3KeyClass.COMMIT_INTENTS));
    assertThat(S3KeyClass.of("t/.hoodie/lock"), is(S3KeyClass.LOCK));
    assertThat(S3KeyClass.of("t/.create-if-absent-probe-1234"), is(S3KeyClass.CREATE_PROBE));
    assertThat(S3KeyClass.of("t/.hoodie/.schema"), is(S3KeyClass.META_OTHER));
    assertThat(
        S3KeyClass.of("t/.hoodie/metadata/.hoodie/hoodie.properties"), is(S3KeyClass.MDT_TIMELINE));
    assertThat(
        S3KeyClass.of("t/.hoodie/metadata/.hoodie/20261207055400123.deltacommit"),
        is(S3KeyClass.MDT_TIMELINE));
    assertThat(
        S3KeyClass.of("t/.hoodie/metadata/files/files-0000-0_0-1-1_00000000000000010.hfile"),
        is(S3KeyClass.MDT_FILES));
    assertThat(S3KeyClass.of("t/.hoodie/metadata/files/"), is(S3KeyClass.MDT_FILES));
    assertThat(S3KeyClass.of("t/sf/.hoodie_partition_metadata"), is(S3KeyClass.PARTITION_METADATA));
    assertThat(S3KeyClass.of("t/sf/f1_0-1-2_20261207055400123.parquet"), is(S3KeyClass.BASE_FILE));
    assertThat(S3KeyClass.of("t/sf/.f1_20261207055400123.log.1_0-1-2"), is(S3KeyClass.LOG_FILE));
    assertThat(S3KeyClass.of("t/sf/"), is(S3KeyClass.PARTITION_FOLDER));
  }

  @Test
  public void aRequestsKeyProbeAndS3aOperation() {
    S3Request list =
        S3Request.of(
            Kind.LIST,
            "/bucket/",
            "list-type=2&max-keys=2&prefix=t%2F.hoodie%2F",
            200,
            "https://audit.example.org/hadoop/1/op_get_file_status/x/?op=op_get_file_status&p1=s3a://b/t/.hoodie&t0=1",
            false);
    assertThat(list.key(), is("t/.hoodie/"));
    assertThat(list.method(), is("LIST probe"));
    assertThat(list.keyClass(), is(S3KeyClass.TIMELINE));
    assertThat(list.operation(), is("op_get_file_status"));
    S3Request get =
        S3Request.of(Kind.GET, "/bucket/t/.hoodie/hoodie.properties", null, 200, null, false);
    assertThat(get.key(), is("t/.hoodie/hoodie.properties"));
    assertThat(get.method(), is("GET"));
    assertThat(get.operation(), is("-"));
    assertThat(get.stage(), is("-"));
    assertThat(
        S3Request.frame(
            new StackTraceElement("io.hudibeam.commit.InstantStarter", "lambda$start$2", null, 1)),
        is("InstantStarter.start"));
    assertThat(
        S3Request.frame(new StackTraceElement("io.hudibeam.examples.Main", "run", null, 1)),
        is((String) null));
  }
}
