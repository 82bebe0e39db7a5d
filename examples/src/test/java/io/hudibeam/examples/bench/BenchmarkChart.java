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

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * The benchmark's results as an SVG bar chart, built as plain text: one group of bars per workload,
 * one bar per writer (a colour each, with a legend), the bar's height its seconds on a linear axis
 * from 0, its value written above it. Every bar carries a {@code <title>} (workload, writer,
 * seconds) that browsers show on hover.
 */
public final class BenchmarkChart {
  /** One measured time: the height of one bar. */
  public static final class Bar {
    final String workload;
    final String writer;
    final double seconds;

    public Bar(String workload, String writer, double seconds) {
      if (!(seconds >= 0) || Double.isInfinite(seconds)) {
        throw new IllegalArgumentException(
            "the seconds of "
                + workload
                + " / "
                + writer
                + " must be a finite number >= 0, but were "
                + seconds);
      }
      this.workload = Objects.requireNonNull(workload, "workload");
      this.writer = Objects.requireNonNull(writer, "writer");
      this.seconds = seconds;
    }
  }

  private static final String[] COLOURS = {
    "#9e9e9e", "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2"
  };
  private static final int LEFT = 60;
  private static final int TOP = 50;
  private static final int PLOT_HEIGHT = 300;
  private static final int BAR_WIDTH = 34;
  private static final int BAR_GAP = 4;
  private static final int GROUP_GAP = 40;
  private static final int LEGEND_ROW = 18;

  private BenchmarkChart() {}

  /**
   * Draws the chart of a results table already written: {@code BenchmarkChart RESULTS.md OUT.svg
   * "title"} (for the tables of earlier runs, e.g. those quoted in docs/benchmark.md).
   */
  public static void main(String[] args) throws java.io.IOException {
    if (args.length != 3) {
      throw new IllegalArgumentException(
          "usage: BenchmarkChart RESULTS.md OUT.svg \"title\"; got " + args.length + " arguments");
    }
    String markdown = java.nio.file.Files.readString(java.nio.file.Paths.get(args[0]));
    java.nio.file.Files.writeString(
        java.nio.file.Paths.get(args[1]), svg(args[2], fromMarkdown(markdown)));
  }

  /** The chart of {@code bars}, workloads and writers in the order they first appear. */
  public static String svg(String title, List<Bar> bars) {
    if (bars.isEmpty()) {
      throw new IllegalArgumentException("a benchmark chart needs at least one result");
    }
    Set<String> workloads = new LinkedHashSet<>();
    Set<String> writers = new LinkedHashSet<>();
    double max = 0;
    for (Bar b : bars) {
      workloads.add(b.workload);
      writers.add(b.writer);
      max = Math.max(max, b.seconds);
    }
    List<String> writerList = new ArrayList<>(writers);
    double step = tickStep(max);
    double top = Math.max(step, Math.ceil(max / step) * step);
    int groupWidth = writerList.size() * (BAR_WIDTH + BAR_GAP) - BAR_GAP;
    int plotWidth = workloads.size() * (groupWidth + GROUP_GAP) + GROUP_GAP;
    int width = LEFT + plotWidth + 20;
    int height = TOP + PLOT_HEIGHT + 40 + writerList.size() * LEGEND_ROW + 10;
    int baseline = TOP + PLOT_HEIGHT;

    StringBuilder s = new StringBuilder();
    s.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    s.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                + " font-family=\"sans-serif\" font-size=\"12\">%n",
            width,
            height,
            width,
            height));
    s.append(
        String.format(
            Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
    s.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"24\" font-size=\"15\" font-weight=\"bold\">%s</text>%n",
            LEFT,
            escape(title)));
    s.append(
        String.format(
            Locale.ROOT,
            "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">seconds (lower is better)</text>%n",
            TOP + PLOT_HEIGHT / 2,
            TOP + PLOT_HEIGHT / 2));
    for (double t = 0; t <= top + step / 2; t += step) {
      double y = baseline - t / top * PLOT_HEIGHT;
      s.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#dddddd\"/>%n",
              LEFT,
              y,
              LEFT + plotWidth,
              y));
      s.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
              LEFT - 6,
              y + 4,
              tick(t, step)));
    }
    s.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>%n",
            LEFT,
            baseline,
            LEFT + plotWidth,
            baseline));

    int g = 0;
    for (String workload : workloads) {
      int groupX = LEFT + GROUP_GAP + g * (groupWidth + GROUP_GAP);
      for (Bar b : bars) {
        if (!b.workload.equals(workload)) {
          continue;
        }
        int i = writerList.indexOf(b.writer);
        int x = groupX + i * (BAR_WIDTH + BAR_GAP);
        double h = b.seconds / top * PLOT_HEIGHT;
        s.append(
            String.format(
                Locale.ROOT,
                "<rect class=\"bar\" x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\">"
                    + "<title>%s, %s: %s s</title></rect>%n",
                x,
                baseline - h,
                BAR_WIDTH,
                h,
                COLOURS[i % COLOURS.length],
                escape(b.workload),
                escape(b.writer),
                number(b.seconds)));
        s.append(
            String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"10\">%s</text>%n",
                x + BAR_WIDTH / 2.0,
                baseline - h - 3,
                number(b.seconds)));
      }
      s.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
              groupX + groupWidth / 2.0,
              baseline + 18,
              escape(workload)));
      g++;
    }

    int legendY = baseline + 40;
    for (int i = 0; i < writerList.size(); i++) {
      int y = legendY + i * LEGEND_ROW;
      s.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>%n",
              LEFT,
              y - 10,
              COLOURS[i % COLOURS.length]));
      s.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%d\">%s</text>%n",
              LEFT + 18,
              y,
              escape(writerList.get(i))));
    }
    s.append("</svg>\n");
    return s.toString();
  }

  /**
   * The bars of a results table in the benchmark's Markdown format ({@code | workload | writer |
   * records | seconds | ...}, as {@link WriteBenchmark#report} writes it and docs/benchmark.md
   * quotes it).
   */
  public static List<Bar> fromMarkdown(String markdown) {
    List<Bar> bars = new ArrayList<>();
    int workloadColumn = -1;
    int writerColumn = -1;
    int secondsColumn = -1;
    for (String line : markdown.split("\\R")) {
      if (!line.startsWith("|")) {
        continue;
      }
      String[] cells = line.substring(1).split("\\|");
      for (int i = 0; i < cells.length; i++) {
        cells[i] = cells[i].trim();
      }
      if (workloadColumn < 0) {
        List<String> header = List.of(cells);
        workloadColumn = header.indexOf("workload");
        writerColumn = header.indexOf("writer");
        secondsColumn = header.indexOf("seconds");
        if (workloadColumn < 0 || writerColumn < 0 || secondsColumn < 0) {
          throw new IllegalArgumentException(
              "the table's header must name the columns workload, writer and seconds, but was: "
                  + line);
        }
        continue;
      }
      if (cells[0].startsWith("---")) {
        continue;
      }
      try {
        bars.add(
            new Bar(
                cells[workloadColumn],
                cells[writerColumn],
                Double.parseDouble(cells[secondsColumn])));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "the seconds column of this row is not a number: " + line, e);
      }
    }
    if (bars.isEmpty()) {
      throw new IllegalArgumentException(
          "no results table (| workload | writer | ... | seconds | ...) in the text");
    }
    return bars;
  }

  /** A round step that gives 4 to 10 grid lines up to {@code max}. */
  static double tickStep(double max) {
    if (max <= 0) {
      return 1;
    }
    double magnitude = Math.pow(10, Math.floor(Math.log10(max)));
    for (double f : new double[] {0.1, 0.2, 0.5, 1, 2, 5}) {
      if (max / (f * magnitude) <= 10) {
        return f * magnitude;
      }
    }
    return 10 * magnitude;
  }

  private static String tick(double v, double step) {
    int decimals = (int) Math.max(0, -Math.floor(Math.log10(step)));
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }

  private static String number(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
