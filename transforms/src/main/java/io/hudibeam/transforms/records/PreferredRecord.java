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
package io.hudibeam.transforms.records;

import io.hudibeam.write.OrderingField;
import io.hudibeam.write.TableRecord;
import org.apache.avro.generic.GenericData;

/**
 * Picks one of two records with the same key: the larger ordering value wins. Beam gives no order
 * between records of one batch, so a tie is broken by a total order on the records themselves
 * (Avro's sort order of the data, then deletes over upserts): the result is the same whatever the
 * order in which records meet.
 */
public final class PreferredRecord implements java.io.Serializable {
  private static final long serialVersionUID = 1L;
  private final OrderingField orderingField;

  public PreferredRecord(OrderingField orderingField) {
    this.orderingField = orderingField;
  }

  public TableRecord prefer(TableRecord a, TableRecord b) {
    int byOrdering = orderingField.compare(a.data(), b.data());
    if (byOrdering != 0) {
      return byOrdering > 0 ? a : b;
    }
    if (a.isDelete() != b.isDelete()) {
      return a.isDelete() ? a : b;
    }
    if (a.data().isPresent() && b.data().isPresent()) {
      int byData;
      try {
        byData =
            GenericData.get().compare(a.data().get(), b.data().get(), a.data().get().getSchema());
      } catch (org.apache.avro.AvroRuntimeException mapsCannotBeCompared) {
        byData = a.data().get().toString().compareTo(b.data().get().toString());
      }
      return byData >= 0 ? a : b;
    }
    return a.data().isPresent() ? a : b;
  }
}
