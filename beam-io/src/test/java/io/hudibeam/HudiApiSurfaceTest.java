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
package io.hudibeam;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.beam.sdk.util.ApiSurface;
import org.junit.Test;

/**
 * The public API is the package {@code io.hudibeam} and the few types of the internal packages it
 * declares public (its package-info lists them): a public class of {@code io.hudibeam} exposes no
 * other HudiIO type in a public signature. A type added to a signature from an internal package
 * fails here until it is moved to {@code io.hudibeam} or declared public API (in this list and in
 * the package-info).
 */
public class HudiApiSurfaceTest {
  /** The types of internal packages that are public API, as the package-info lists them. */
  static final Set<Class<?>> DECLARED_PUBLIC =
      Set.of(
          io.hudibeam.write.WriteOperation.class,
          io.hudibeam.write.IndexType.class,
          io.hudibeam.write.ChangeType.class,
          io.hudibeam.table.TableType.class,
          io.hudibeam.keygen.KeyGeneratorType.class);

  @Test
  public void thePublicClassesExposeOnlyTheApiAndTheirDependencies() {
    ApiSurface surface =
        ApiSurface.empty()
            .includingClass(HudiIO.class)
            .includingClass(HudiRead.class)
            .includingClass(HudiBootstrap.class)
            .includingClass(HudiWriteResult.class)
            .includingClass(HudiWriteTables.class)
            .includingClass(HudiWriteDynamic.class)
            .includingClass(HudiCommitInfo.class)
            .includingClass(HudiFailedRecord.class)
            .includingClass(HudiSkippedInterval.class)
            .includingClass(HudiSinkProgress.class)
            .includingClass(HudiWriteProgress.class)
            .includingClass(HudiWriteSchemaTransformProvider.class)
            .includingClass(HudiReadSchemaTransformProvider.class)
            .pruningPattern("org[.]apache[.]beam[.].*")
            .pruningPattern("org[.]apache[.]avro[.].*")
            .pruningPattern("org[.]apache[.]hadoop[.].*")
            .pruningPattern("org[.]joda[.].*")
            .pruningPattern("org[.]checkerframework[.].*")
            .pruningPattern("com[.]google[.]auto[.].*")
            .pruningPattern("java[.].*");
    List<String> internal = new ArrayList<>();
    for (Class<?> exposed : surface.getExposedClasses()) {
      String pkg = exposed.getPackage().getName();
      if (pkg.startsWith("io.hudibeam.") && !DECLARED_PUBLIC.contains(exposed)) {
        internal.add(
            exposed.getName()
                + " via "
                + surface.getAnyExposurePath(exposed).stream()
                    .map(Class::getSimpleName)
                    .collect(Collectors.joining(" -> ")));
      }
    }
    assertThat(internal, is(List.of()));
    assertThat(
        "every declared public type is exposed (else it need not be declared)",
        surface.getExposedClasses().containsAll(DECLARED_PUBLIC),
        is(true));
  }
}
