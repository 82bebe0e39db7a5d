package io.hudibeam.commit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.hudibeam.table.TableConfig;
import io.hudibeam.table.TableType;
import io.hudibeam.timeline.Action;
import io.hudibeam.timeline.InstantTime;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import java.util.Optional;
import org.junit.Test;

/** The started instant carries the write schema decided at the start through Java serialization. */
public class StartedInstantTest {
  private static final TableConfig TABLE =
      TableConfig.newTable("t", TableType.COPY_ON_WRITE).recordKeyFields(List.of("id")).build();

  private static StartedInstant roundTrip(StartedInstant started) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(started);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (StartedInstant) in.readObject();
    }
  }

  @Test
  public void theWriteSchemaSurvivesSerialization() throws Exception {
    StartedInstant plain = new StartedInstant(InstantTime.parse("20240101000000000"), Action.COMMIT, TABLE);
    String schema = "{\"type\":\"record\",\"name\":\"r\",\"fields\":[{\"name\":\"id\",\"type\":\"string\"}]}";
    StartedInstant withSchema = plain.withWriteSchema(schema);
    assertThat(plain.writeSchema(), is(Optional.empty()));
    assertThat(withSchema.writeSchema(), is(Optional.of(schema)));
    assertThat(withSchema, not(plain));
    StartedInstant copy = roundTrip(withSchema);
    assertThat(copy, is(withSchema));
    assertThat(copy.writeSchema(), is(Optional.of(schema)));
    assertThat(roundTrip(plain), is(plain));
  }
}
