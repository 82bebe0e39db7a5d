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
/**
 * Hudi log files (Hudi 0.15's HoodieLogFormat): the block framing, Avro data blocks, delete blocks,
 * rollback command blocks and the HFile data blocks of the metadata table ({@code
 * LogBlock.hfileData}, content from {@code io.hudibeam.hfile}), written as Hudi 0.15 writes them
 * and read back.
 *
 * <p>May depend on {@code io.hudibeam.table}, {@code io.hudibeam.timeline}, {@code
 * io.hudibeam.files}, {@code io.hudibeam.basefile} and {@code io.hudibeam.hfile}.
 *
 * <p>Writing a file group's log file for one instant and attempt (the caller writes the APPEND
 * marker first and reports the result in a deltacommit write stat):
 *
 * <pre>{@code
 * LogFileName name = LogFileName.of(fileId, sliceBaseInstant, nextVersion, writeToken);
 * LogFileWriter writer = LogFileWriter.create(conf, new Path(partitionFolder, name.value()));
 * try {
 *   AvroDataBlockBuilder data = new AvroDataBlockBuilder(instant, writeSchema, fileId, taskPartitionId);
 *   for (...) {
 *     data.add(recordKey, partitionPath, record);               // meta fields filled as Hudi does
 *     if (data.sizeBytes() >= maxBlockBytes) writer.append(data.build());
 *   }
 *   if (!data.isEmpty()) writer.append(data.build());
 *   if (!deletes.isEmpty()) writer.append(LogBlock.delete(instant, data.schema(), deletes));
 *   LogFileResult result = writer.close();                      // size, blocks, records, deletes
 * } catch (RuntimeException e) {
 *   writer.abort();                                             // deletes the file
 *   throw e;
 * }
 * }</pre>
 *
 * <p>A rollback appends {@code LogBlock.rollback(rollbackInstant, failedInstant)} to a new log file
 * of the slice. {@link io.hudibeam.log.LogFileReader} iterates a file's blocks ({@link
 * io.hudibeam.log.LogBlock#type()}, {@link io.hudibeam.log.LogBlock#header()}, {@link
 * io.hudibeam.log.LogBlock#records()}, {@link io.hudibeam.log.LogBlock#deleteRecords()}).
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.log;
