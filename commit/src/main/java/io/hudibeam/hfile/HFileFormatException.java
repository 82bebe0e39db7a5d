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
package io.hudibeam.hfile;

/**
 * An HFile that does not follow the HFile version 3 format as HBase 2.x writes it and Hudi reads it
 * (Hudi 0.15's {@code org.apache.hudi.io.hfile.HFileReaderImpl}), or that this reader does not
 * support. The message names the file (its path, or the name given to a byte array) and the offset.
 */
public class HFileFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public HFileFormatException(String message) {
    super(message);
  }

  public HFileFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
