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
package io.hudibeam.transforms.write;

import io.hudibeam.files.WriteToken;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Write tokens for Beam workers. Beam exposes no task or attempt number, so each bundle draws its
 * own random token: two attempts at the same file group never write the same file name, and the
 * commit step deletes the files of the attempts it was not told about.
 */
public final class WriteTokens {
  private WriteTokens() {}

  public static WriteToken newToken() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    return WriteToken.of(random.nextInt(1 << 20), random.nextInt(1 << 20), random.nextInt(1 << 30));
  }
}
