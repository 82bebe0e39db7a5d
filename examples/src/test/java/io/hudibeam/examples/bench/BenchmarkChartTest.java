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
package io.hudibeam.examples.bench;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThrows;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The benchmark's SVG chart: well-formed XML, one bar per result, heights proportional to seconds.
 */
public class BenchmarkChartTest {
  private static final String SVG = "http://www.w3.org/2000/svg";

  private static List<WriteBenchmark.Result> results() {
    List<WriteBenchmark.Result> results = new ArrayList<>();
    results.add(result("parquet-avro (floor)", WriteBenchmark.Workload.BULK_INSERT, 12.4));
    results.add(result("HudiIO FlinkRunner p=2", WriteBenchmark.Workload.BULK_INSERT, 24.4));
    results.add(result("Hudi 0.15 Java client", WriteBenchmark.Workload.BULK_INSERT, 24.0));
    results.add(result("parquet-avro (floor)", WriteBenchmark.Workload.UPSERT, 7.7));
    results.add(result("HudiIO FlinkRunner p=2", WriteBenchmark.Workload.UPSERT, 51.4));
    return results;
  }

  private static WriteBenchmark.Result result(
      String writer, WriteBenchmark.Workload w, double seconds) {
    return new WriteBenchmark.Result(writer, w, 1000, seconds, 1L << 20, 2L << 20, 8, 4096);
  }

  private static Document parse(String svg) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    return factory
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  private static List<Element> bars(Document doc) {
    List<Element> bars = new ArrayList<>();
    NodeList rects = doc.getElementsByTagNameNS(SVG, "rect");
    for (int i = 0; i < rects.getLength(); i++) {
      Element rect = (Element) rects.item(i);
      if (rect.getAttribute("class").equals("bar")) {
        bars.add(rect);
      }
    }
    return bars;
  }

  @Test
  public void oneBarPerResultWithItsSecondsInWellFormedSvg() throws Exception {
    Document doc = parse(WriteBenchmark.chart(1000, results()));

    assertThat(doc.getDocumentElement().getLocalName(), is("svg"));
    List<Element> bars = bars(doc);
    List<String> titles = new ArrayList<>();
    for (Element bar : bars) {
      titles.add(bar.getElementsByTagNameNS(SVG, "title").item(0).getTextContent());
    }
    assertThat(
        titles,
        contains(
            "bulk_insert, parquet-avro (floor): 12.4 s",
            "bulk_insert, HudiIO FlinkRunner p=2: 24.4 s",
            "bulk_insert, Hudi 0.15 Java client: 24.0 s",
            "upsert, parquet-avro (floor): 7.7 s",
            "upsert, HudiIO FlinkRunner p=2: 51.4 s"));
    // Heights on one linear scale from 0, all bars on one baseline.
    double pixelsPerSecond = Double.parseDouble(bars.get(0).getAttribute("height")) / 12.4;
    double baseline =
        Double.parseDouble(bars.get(0).getAttribute("y"))
            + Double.parseDouble(bars.get(0).getAttribute("height"));
    double[] seconds = {12.4, 24.4, 24.0, 7.7, 51.4};
    for (int i = 0; i < bars.size(); i++) {
      double height = Double.parseDouble(bars.get(i).getAttribute("height"));
      double y = Double.parseDouble(bars.get(i).getAttribute("y"));
      assertThat(titles.get(i), height, closeTo(seconds[i] * pixelsPerSecond, 0.2));
      assertThat(titles.get(i), y + height, closeTo(baseline, 0.2));
    }
    // Same writer, same colour; the legend names each writer once.
    assertThat(bars.get(0).getAttribute("fill"), is(bars.get(3).getAttribute("fill")));
    assertThat(bars.get(1).getAttribute("fill"), is(bars.get(4).getAttribute("fill")));
    String text = doc.getDocumentElement().getTextContent();
    assertThat(text, containsString("N = 1,000 records"));
    assertThat(
        text.split("Hudi 0.15 Java client", -1).length - 1,
        is(2)); // its bar's title and the legend
  }

  @Test
  public void theMarkdownReportGivesTheSameBars() throws Exception {
    List<WriteBenchmark.Result> results = results();
    List<BenchmarkChart.Bar> bars =
        BenchmarkChart.fromMarkdown(WriteBenchmark.report(1000, results));
    assertThat(bars.size(), is(results.size()));
    for (int i = 0; i < bars.size(); i++) {
      assertThat(
          bars.get(i).workload,
          is(results.get(i).workload.name().toLowerCase(java.util.Locale.ROOT)));
      assertThat(bars.get(i).writer, is(results.get(i).writer));
      assertThat(bars.get(i).seconds, is(results.get(i).seconds));
    }
  }

  @Test
  public void namesAreEscaped() throws Exception {
    Document doc =
        parse(
            BenchmarkChart.svg("a <b> & \"c\"", List.of(new BenchmarkChart.Bar("w&1", "x<y>", 3))));
    assertThat(bars(doc).size(), is(1));
    assertThat(bars(doc).get(0).getTextContent(), is("w&1, x<y>: 3.0 s"));
  }

  @Test
  public void badInputIsRefusedWithWhatIsWrong() {
    assertThat(
        assertThrows(
                IllegalArgumentException.class, () -> BenchmarkChart.fromMarkdown("no table here"))
            .getMessage(),
        containsString("no results table"));
    assertThat(
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    BenchmarkChart.fromMarkdown(
                        "| workload | writer | seconds |\n|---|---|---|\n| insert | x | fast |"))
            .getMessage(),
        containsString("not a number: | insert | x | fast |"));
    assertThat(
        assertThrows(
                IllegalArgumentException.class,
                () -> new BenchmarkChart.Bar("insert", "x", Double.NaN))
            .getMessage(),
        containsString("the seconds of insert / x must be a finite number >= 0"));
  }
}
