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
package io.hudibeam.commit;

import io.hudibeam.table.HudiTableException;

/**
 * A rollback that must not run: the instant is completed, is not a write, would break Hudi's
 * rollback ordering rule, or needs merge-on-read log handling, which is not supported.
 */
public class RollbackRefusedException extends HudiTableException {
  private static final long serialVersionUID = 1L;

  public RollbackRefusedException(String message) {
    super(message);
  }
}
