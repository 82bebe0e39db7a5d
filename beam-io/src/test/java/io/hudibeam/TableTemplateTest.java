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
import static org.junit.Assert.assertThrows;

import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.junit.Test;

/** The {@code table} template of the {@code hudi_write} schema transform, field by field. */
public class TableTemplateTest {
  private static final Schema SOURCE =
      Schema.builder()
          .addStringField("db")
          .addNullableField("table", Schema.FieldType.STRING)
          .build();
  private static final Schema ENVELOPE =
      Schema.builder().addRowField("source", SOURCE).addInt64Field("shard").build();

  private static Row envelope(String db, String table, long shard) {
    return Row.withSchema(ENVELOPE)
        .addValues(Row.withSchema(SOURCE).addValues(db, table).build(), shard)
        .build();
  }

  @Test
  public void placeholdersAreFilledFromTheRowsFieldsNestedOrNot() {
    TableTemplate template = TableTemplate.parse("{source.db}.{source.table}_{shard}");
    template.checkFields(ENVELOPE);
    assertThat(template.hasPlaceholders(), is(true));
    assertThat(template.apply(envelope("shop", "orders", 3)), is("shop.orders_3"));
    assertThat(template.apply(envelope("shop", null, 3)), is((Object) null));
    assertThat(template.nullField(envelope("shop", null, 3)), is("source.table"));
    assertThat(template.couldResolveTo("shop.orders_3"), is(true));
    assertThat(template.couldResolveTo("shop.orders"), is(false));
  }

  @Test
  public void aNameWithoutPlaceholdersIsItself() {
    TableTemplate template = TableTemplate.parse("trips");
    assertThat(template.hasPlaceholders(), is(false));
    assertThat(template.apply(envelope("a", "b", 1)), is("trips"));
    assertThat(template.couldResolveTo("trips"), is(true));
    assertThat(template.couldResolveTo("trips2"), is(false));
  }

  @Test
  public void basePathsAreFoldersPerDotBelowTheWarehouse() {
    assertThat(TableTemplate.basePath("s3a://b/wh/", "shop.orders"), is("s3a://b/wh/shop/orders"));
    assertThat(TableTemplate.basePath("/wh", "orders"), is("/wh/orders"));
    for (String bad : new String[] {"", "a..b", ".a", "a.", "a/b", "a\\b"}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> TableTemplate.checkName("tables", bad));
      assertThat(e.getMessage().startsWith("tables has the table name '" + bad + "'"), is(true));
    }
  }

  @Test
  public void badTemplatesAreRefusedNamingThem() {
    assertThat(
        assertThrows(IllegalArgumentException.class, () -> TableTemplate.parse("db.{}"))
            .getMessage(),
        is("table 'db.{}' has an empty placeholder {}: name a field, e.g. {table}"));
    assertThat(
        assertThrows(IllegalArgumentException.class, () -> TableTemplate.parse("db.{table"))
            .getMessage(),
        is(
            "table 'db.{table' has an unmatched '{' or '}': a placeholder is a field name in"
                + " braces, e.g. db.{table}"));
    assertThat(
        assertThrows(
                IllegalArgumentException.class,
                () -> TableTemplate.parse("{shard.x}").checkFields(ENVELOPE))
            .getMessage(),
        is("table '{shard.x}' names the field 'shard.x', but 'shard' is not a row field"));
    assertThat(
        assertThrows(
                IllegalArgumentException.class,
                () -> TableTemplate.parse("{source.schema}").checkFields(ENVELOPE))
            .getMessage(),
        is(
            "table '{source.schema}' names the field 'source.schema', which the input rows lack"
                + " (their fields: [source, shard])"));
  }
}
