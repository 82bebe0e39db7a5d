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
package io.hudibeam.table;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@link TableConfigStore#loadIfPresent} answers as {@code exists(hoodie.properties) ? load() :
 * empty} did, without the existence check: empty for a folder without the file (even with a backup,
 * which only {@code load} falls back to), the file's config when it is there, and {@code load}'s
 * answer (the backup) when the file is there but unreadable.
 */
public class TableConfigStoreLoadIfPresentTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void answersAsExistsThenLoadDid() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    String base = tmp.newFolder("t").getAbsolutePath();
    TablePaths paths = TablePaths.of(base);
    TableConfigStore store = new TableConfigStore(fs, paths);
    assertThat("no .hoodie at all", store.loadIfPresent(), is(Optional.empty()));

    TableConfig created =
        store.create(TableConfig.newTable("trips", TableType.COPY_ON_WRITE).build());
    assertThat(store.loadIfPresent(), is(Optional.of(store.load())));
    assertThat(store.loadIfPresent().get().name(), is(created.name()));

    // Unreadable file, good backup: load's answer, the backup.
    java.nio.file.Path properties = Paths.get(base, ".hoodie", "hoodie.properties");
    java.nio.file.Path backup = Paths.get(base, ".hoodie", "hoodie.properties.backup");
    Files.copy(properties, backup);
    Files.write(properties, "".getBytes(StandardCharsets.UTF_8));
    Files.deleteIfExists(Paths.get(base, ".hoodie", ".hoodie.properties.crc"));
    assertThat(store.loadIfPresent(), is(Optional.of(store.load())));
    assertThat(store.loadIfPresent().get().name(), is("trips"));

    // No file, only the backup: empty, as exists(hoodie.properties) was false.
    Files.delete(properties);
    assertThat(store.loadIfPresent(), is(Optional.empty()));
  }
}
