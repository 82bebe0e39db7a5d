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
package io.hudibeam.testing.s3;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import org.junit.ClassRule;
import org.junit.Test;

/** The front honours {@code If-None-Match: *} on a PUT as S3 does; S3Proxy alone does not. */
public class ConditionalWriteFrontTest {
  @ClassRule public static final S3Server S3 = S3Server.honouringConditionalWrites();

  private final HttpClient client = HttpClient.newHttpClient();

  private HttpResponse<String> put(String key, String content, boolean conditional)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri(key)).PUT(HttpRequest.BodyPublishers.ofString(content));
    if (conditional) {
      request.header("If-None-Match", "*");
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private String get(String key) throws Exception {
    HttpResponse<String> response =
        client.send(
            HttpRequest.newBuilder(uri(key)).GET().build(), HttpResponse.BodyHandlers.ofString());
    assertEquals("GET " + key, 200, response.statusCode());
    return response.body();
  }

  private static URI uri(String key) {
    return URI.create("http://127.0.0.1:" + S3.port() + "/" + S3Server.BUCKET + "/" + key);
  }

  @Test
  public void ofTwoConditionalPutsOfOneKeyAtOnceExactlyOneSucceeds() throws Exception {
    for (int round = 0; round < 20; round++) {
      String key = "race/" + round + "/lock";
      CyclicBarrier together = new CyclicBarrier(2);
      List<CompletableFuture<HttpResponse<String>>> puts = new ArrayList<>();
      for (String writer : List.of("a", "b")) {
        puts.add(
            CompletableFuture.supplyAsync(
                () -> {
                  try {
                    together.await();
                    return put(key, writer, true);
                  } catch (Exception e) {
                    throw new IllegalStateException(e);
                  }
                }));
      }
      HttpResponse<String> first = puts.get(0).join();
      HttpResponse<String> second = puts.get(1).join();
      List<Integer> statuses = List.of(first.statusCode(), second.statusCode());
      assertTrue(
          "round " + round + ": " + statuses, statuses.contains(200) && statuses.contains(412));
      HttpResponse<String> loser = first.statusCode() == 412 ? first : second;
      assertTrue(loser.body(), loser.body().contains("<Code>PreconditionFailed</Code>"));
      String winner = first.statusCode() == 200 ? "a" : "b";
      assertEquals(winner, get(key));
    }
  }

  @Test
  public void anUnconditionalPutOverwritesAndAConditionalOneThenFails() throws Exception {
    String key = "plain/file";
    assertEquals(200, put(key, "one", true).statusCode());
    assertEquals(412, put(key, "two", true).statusCode());
    assertEquals("one", get(key));
    assertEquals(200, put(key, "three", false).statusCode());
    assertEquals("three", get(key));
    assertEquals(412, put(key, "four", true).statusCode());
    assertEquals("three", get(key));
  }
}
