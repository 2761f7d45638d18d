package io.sluice.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Draws {@code benchmarks.png} with java.awt (headless): one panel per workflow, a horizontal bar
 * per variant at its median words/s, a whisker from min to max, coloured by director. Each panel
 * has its own scale: workflows differ by orders of magnitude and are not compared with each other.
 */
final class BarChart {
    private static final int WIDTH = 1000;
    private static final int LABEL_WIDTH = 290;
    private static final int VALUE_WIDTH = 170;
    private static final int ROW = 30;
    private static final int BAR = 18;
    private static final Color[] PALETTE = {
        new Color(0x4C72B0), new Color(0xDD8452), new Color(0x55A868), new Color(0xC44E52), new Color(0x8172B3),
        new Color(0x937860)
    };

    private BarChart() {}

    static void write(BenchmarkReport report, Path png) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        List<String> directors = new ArrayList<>();
        for (List<VariantSummary> group : report.groups()) {
            for (VariantSummary s : group) {
                if (!directors.contains(s.variant().director().name())) {
                    directors.add(s.variant().director().name());
                }
            }
        }
        int height = 90;
        for (List<VariantSummary> group : report.groups()) {
            height += panelHeight(group);
        }
        BufferedImage image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, height);
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 17));
            g.drawString("Sluice workflow benchmarks: median source words/s (whiskers: min to max)", 20, 28);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
            g.setColor(Color.DARK_GRAY);
            g.drawString(String.format(Locale.ROOT, "%s, variants alternating in one JVM; %s",
                    MarkdownReport.measuredRounds(report.options()),
                    report.startedAt().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z", Locale.ROOT))), 20, 50);
            int lx = 20;
            for (String d : directors) {
                g.setColor(color(directors, d));
                g.fillRect(lx, 62, 14, 14);
                g.setColor(Color.BLACK);
                String label = d + "-driven";
                g.drawString(label, lx + 20, 74);
                lx += 20 + g.getFontMetrics().stringWidth(label) + 24;
            }
            int y = 90;
            for (List<VariantSummary> group : report.groups()) {
                drawPanel(g, group, directors, y);
                y += panelHeight(group);
            }
        } finally {
            g.dispose();
        }
        if (!ImageIO.write(image, "png", png.toFile())) {
            throw new IOException("no PNG writer available to write " + png);
        }
    }

    private static int panelHeight(List<VariantSummary> group) {
        return 34 + group.size() * ROW + 40;
    }

    private static void drawPanel(Graphics2D g, List<VariantSummary> group, List<String> directors, int top) {
        double max = group.stream().mapToDouble(VariantSummary::maxTokensPerSecond).max().orElse(1);
        double step = niceStep(max / 5);
        double axisMax = Math.ceil(max / step) * step;
        int x0 = LABEL_WIDTH;
        int plotWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
        int barsTop = top + 34;
        int barsBottom = barsTop + group.size() * ROW;

        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        String title = group.get(0).variant().workflow().name() + " (" + Format.count(group.get(0).runs().get(0).tokens())
                + " words)";
        g.drawString(title, 20, top + 22);
        int titleWidth = g.getFontMetrics().stringWidth(title);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        g.setColor(Color.DARK_GRAY);
        g.drawString("source words per second", 20 + titleWidth + 10, top + 22);

        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        FontMetrics fm = g.getFontMetrics();
        for (double t = 0; t <= axisMax + step / 2; t += step) {
            int x = x0 + (int) Math.round(t / axisMax * plotWidth);
            g.setColor(new Color(0xE0E0E0));
            g.drawLine(x, barsTop - 4, x, barsBottom);
            g.setColor(Color.DARK_GRAY);
            String label = tick(t);
            g.drawString(label, x - fm.stringWidth(label) / 2, barsBottom + 16);
        }

        int y = barsTop;
        for (VariantSummary s : group) {
            int mid = y + ROW / 2;
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
            g.setColor(Color.BLACK);
            String name = s.variant().name() + (s.baseline() == null ? " (baseline)" : "");
            g.drawString(name, x0 - 10 - g.getFontMetrics().stringWidth(name), mid + 5);

            int w = (int) Math.round(s.medianTokensPerSecond() / axisMax * plotWidth);
            g.setColor(color(directors, s.variant().director().name()));
            g.fillRect(x0, mid - BAR / 2, Math.max(1, w), BAR);

            int xMin = x0 + (int) Math.round(s.minTokensPerSecond() / axisMax * plotWidth);
            int xMax = x0 + (int) Math.round(s.maxTokensPerSecond() / axisMax * plotWidth);
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(1.5f));
            g.drawLine(xMin, mid, xMax, mid);
            g.drawLine(xMin, mid - 5, xMin, mid + 5);
            g.drawLine(xMax, mid - 5, xMax, mid + 5);
            g.setStroke(new BasicStroke(1f));

            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            String value = Format.rate(s.medianTokensPerSecond()) + "/s  " + Format.ratio(s.ratio());
            g.drawString(value, Math.max(xMax, x0 + w) + 8, mid + 5);
            y += ROW;
        }
        g.setColor(Color.GRAY);
        g.drawLine(x0, barsTop - 4, x0, barsBottom);
    }

    private static Color color(List<String> directors, String director) {
        return PALETTE[directors.indexOf(director) % PALETTE.length];
    }

    /** An axis label: {@code 0}, {@code 500 k}, {@code 1.5 M}. */
    static String tick(double value) {
        if (value >= 1e6) {
            return trim(value / 1e6) + " M";
        }
        if (value >= 1e3) {
            return trim(value / 1e3) + " k";
        }
        return trim(value);
    }

    private static String trim(double v) {
        return java.math.BigDecimal.valueOf(v).setScale(3, java.math.RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString();
    }

    /** 1, 2 or 5 times a power of ten, at least {@code rough}. */
    static double niceStep(double rough) {
        if (rough <= 0) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * power >= rough) {
                return m * power;
            }
        }
        return 10 * power;
    }
}
