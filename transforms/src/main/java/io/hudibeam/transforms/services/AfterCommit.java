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
package io.hudibeam.transforms.services;

import io.hudibeam.concurrency.TableLock;
import io.hudibeam.timeline.InstantTimeGenerator;
import io.hudibeam.transforms.commit.CommittedInstant;
import java.io.Serializable;
import java.time.Clock;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Distribution;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every table-service step shares: for each committed instant whose outcome the service
 * applies to, run it once (timed in {@code <metric>Millis}, its failure logged and counted in
 * {@code failures}, never failing the write), then pass the instant on.
 */
final class AfterCommit {
  private AfterCommit() {}

  /** One table service: when it applies, and the run itself. */
  interface Service extends Serializable {
    /** Whether the service runs after this commit (by its outcome and the table's settings). */
    boolean appliesTo(CommittedInstant committed);

    /** Runs the service on the table; returns how many things it did, for its counter. */
    long run(Table table, CommittedInstant committed);

    /** What a failure leaves behind, for the log line: who completes the service instead. */
    String afterFailure();
  }

  /** The table a service runs on: its spec, Hadoop configuration and file system. */
  record Table(ServicesSpec spec, Configuration conf, FileSystem fs) {
    /** The table lock, as the commit takes it. */
    TableLock lock() {
      return new TableLock(fs, spec.paths(), spec.lock(), Clock.systemUTC());
    }

    /** Mints instant times in the table's timeline zone, as the commit does. */
    InstantTimeGenerator instantTimes(CommittedInstant committed) {
      return new InstantTimeGenerator(Clock.systemUTC(), committed.timelineTimezone());
    }
  }

  /**
   * Applies the step's ParDo, named {@code name}, that runs {@code service} with its metrics in the
   * namespace {@code metrics}, counting what it did as {@code counted}.
   */
  static PCollection<CommittedInstant> apply(
      PCollection<CommittedInstant> committed,
      String name,
      ServicesSpec spec,
      Class<?> metrics,
      String counted,
      Service service) {
    return committed
        .apply(name, ParDo.of(new ServiceFn(spec, metrics, counted, service)))
        .setCoder(CommittedInstant.CommittedInstantCoder.of());
  }

  /** Runs the service for each committed instant it applies to; outputs every instant. */
  static final class ServiceFn extends DoFn<CommittedInstant, CommittedInstant> {
    private static final long serialVersionUID = 1L;
    private final Run run;

    ServiceFn(ServicesSpec spec, Class<?> metrics, String counted, Service service) {
      this.run = new Run(spec, metrics, counted, service);
    }

    @ProcessElement
    public void process(@Element CommittedInstant committed, OutputReceiver<CommittedInstant> out) {
      run.after(committed);
      out.output(committed);
    }
  }

  /**
   * A service with its metrics: runs it after a committed instant it applies to and logs a failure
   * (the instant stays committed). The body of each service's step, and of a write that runs a
   * table's services in the worker that committed.
   */
  static final class Run implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(AfterCommit.class);
    private final ServicesSpec spec;
    private final Service service;
    private final Counter done;
    private final Counter failures;
    private final Distribution millis;

    Run(ServicesSpec spec, Class<?> metrics, String counted, Service service) {
      this.spec = spec;
      this.service = service;
      this.done = Metrics.counter(metrics, counted);
      this.failures = Metrics.counter(metrics, "failures");
      this.millis = Metrics.distribution(metrics, "millis");
    }

    void after(CommittedInstant committed) {
      if (!committed.table().equals(spec.table())) {
        throw new IllegalStateException(
            "An instant of table "
                + committed.table()
                + " reached the services of "
                + spec.table());
      }
      if (!service.appliesTo(committed)) {
        return;
      }
      long start = System.currentTimeMillis();
      Configuration conf = spec.hadoopConfiguration();
      try {
        done.inc(service.run(new Table(spec, conf, spec.fileSystem(conf)), committed));
      } catch (RuntimeException e) {
        failures.inc();
        LOG.error(
            "Table {}: instant {} is committed, but {}",
            spec.paths(),
            committed.instantTime(),
            service.afterFailure(),
            e);
      }
      millis.update(System.currentTimeMillis() - start);
    }
  }
}
