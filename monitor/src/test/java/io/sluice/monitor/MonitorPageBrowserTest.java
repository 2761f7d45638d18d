package io.sluice.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.fail;

import io.sluice.actor.Port;
import io.sluice.director.Directors;
import io.sluice.run.ActorSnapshot;
import io.sluice.run.ActorState;
import io.sluice.run.ChannelSnapshot;
import io.sluice.run.Run;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunInfo;
import io.sluice.run.RunPhase;
import io.sluice.run.RunResult;
import io.sluice.run.RunSnapshot;
import io.sluice.run.RunStatus;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.Rectangle;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The monitor's page in a real browser: Debian's headless Chromium, driven by Selenium through
 * Debian's chromedriver, on loopback. Every wait is for a condition, with a timeout; nothing
 * depends on how fast the machine is. A screenshot of the live page is left at
 * {@code target/monitor-screenshot.png} for a reviewer, and one of a lineage at
 * {@code target/monitor-lineage.png}.
 *
 * <p>Skipped, naming the packages, where {@code /usr/bin/chromium} or {@code /usr/bin/chromedriver}
 * is missing, unless the environment sets {@code SLUICE_BROWSER_REQUIRED=1} (as CI does), which
 * makes that a failure.
 */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MonitorPageBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Path SCREENSHOTS = Path.of("target");

    @TempDir
    static Path profile; // Chromium's user-data-dir: new for this class, deleted after it

    /**
     * Selenium warns that it has no DevTools classes for this Chromium's version: the test uses
     * WebDriver only, never DevTools. Held here so that the level set stays set.
     */
    private static final Logger CDP_VERSION_FINDER = Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder");

    private static WebDriver browser;

    private static boolean browserInstalled() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    }

    /** Skips each test, naming the packages, where the browser is missing; fails it if CI requires it. */
    @BeforeEach
    void requireBrowser() {
        if (!browserInstalled()) {
            String missing = "the monitor's browser test needs Debian's packages chromium and chromium-driver ("
                    + CHROMIUM + ", " + CHROMEDRIVER + "): apt-get install chromium chromium-driver";
            if ("1".equals(System.getenv("SLUICE_BROWSER_REQUIRED"))) {
                fail(missing + "; SLUICE_BROWSER_REQUIRED=1 forbids skipping it");
            }
            Assumptions.abort(missing);
        }
    }

    @BeforeAll
    static void startBrowser() {
        if (!browserInstalled()) {
            return; // each test says why it does not run
        }
        CDP_VERSION_FINDER.setLevel(Level.SEVERE);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // No network but loopback: nothing in the background, no first-run pages, no updates.
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--window-size=1360,1000");
        // The driver named here, so that Selenium Manager never looks for (or downloads) one.
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        browser = new ChromeDriver(service, options);
    }

    @AfterAll
    static void quitBrowser() {
        if (browser != null) {
            browser.quit(); // ends Chromium and the driver before the profile is deleted
        }
    }

    private static WebDriverWait waiting() {
        return new WebDriverWait(browser, WAIT, Duration.ofMillis(50));
    }

    private static WebElement actor(String name) {
        return browser.findElement(By.cssSelector("#graph g.actor[data-actor='" + name + "']"));
    }

    private static long firings(String name) {
        String firings = actor(name).getDomAttribute("data-firings");
        return firings == null ? 0 : Long.parseLong(firings);
    }

    private static String banner() {
        return browser.findElement(By.id("banner")).getDomAttribute("data-kind");
    }

    private static String text(String id) {
        return browser.findElement(By.id(id)).getText();
    }

    private static void screenshot(String name) throws IOException {
        Path shot = ((org.openqa.selenium.TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath();
        Files.createDirectories(SCREENSHOTS);
        Files.move(shot, SCREENSHOTS.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }

    private static RunConfig config(RunMonitor monitor) {
        return RunConfig.builder().runId("watched-in-a-browser").listener(monitor).progressInterval(Duration.ofMillis(100))
                .timeout(Duration.ofMinutes(2)).build();
    }

    @Test
    void drawsEveryActorShowsCountsMovingWhileTheRunGoesOnAndSaysWhenItHasEnded() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (RunMonitor monitor = RunMonitor.start();
                Run run = Directors.dataDriven().start(Watched.workflow(release, 3), config(monitor))) {
            browser.get(monitor.uri().toString());

            waiting().until(b -> b.findElements(By.cssSelector("#graph g.actor")).size() == Watched.ACTORS.size());
            for (String name : Watched.ACTORS) {
                assertThat(actor(name).getText()).as("the box of %s", name).contains(name);
            }
            assertThat(browser.findElements(By.cssSelector("#graph g.channel"))).hasSize(Watched.CHANNELS.size());
            assertThat(text("run-id")).isEqualTo("watched-in-a-browser");
            assertThat(text("workflow")).isEqualTo("watched");
            assertThat(browser.findElement(By.id("tabs")).isDisplayed()).as("no lineage tab without a lineage source").isFalse();

            waiting().until(b -> firings("sink") > 0);
            long before = firings("sink");
            waiting().until(b -> firings("sink") > before);
            assertThat(run.status().isFinal()).as("the counts moved while the run was going").isFalse();
            assertThat(banner()).isEqualTo("running");
            assertThat(text("phase")).isEqualTo("running");
            waiting().until(b -> !actor("source").getDomAttribute("data-state").equals("STARTING"));
            screenshot("monitor-screenshot.png");

            release.countDown();
            run.await();
            waiting().until(b -> "ended".equals(banner()));
            assertThat(text("banner")).startsWith("The run has ended: completed");
            assertThat(text("phase")).isEqualTo("ended");
            assertThat(text("errors")).isEqualTo("none");
            for (String name : Watched.ACTORS) {
                assertThat(actor(name).getDomAttribute("data-state")).as(name).isEqualTo("ENDED");
            }
            assertThat(Long.parseLong(text("tokens").replace(",", "")))
                    .isEqualTo(run.await().channels().stream().mapToLong(c -> c.tokensWritten()).sum());
            screenshot("monitor-screenshot-ended.png");
        }
    }

    /** The labels of the lineage's nodes of one kind, in the page's order; read at once, as the page may draw anew meanwhile. */
    @SuppressWarnings("unchecked")
    private static List<String> lineageLabels(String kind) {
        return (List<String>) ((JavascriptExecutor) browser).executeScript("return Array.from(document.querySelectorAll("
                + "'#lineage g.lnode." + kind + "')).map((e) => e.dataset.label);");
    }

    private static String lineageStatus() {
        return browser.findElement(By.id("lineage-status")).getDomAttribute("data-kind");
    }

    @Test
    void opensATokensLineageAsAGraphOfItsFiringsAndAsksForOthersFromThePage() throws Exception {
        try (RunMonitor monitor = RunMonitor.builder().lineage(new Pairs()).start()) {
            // As 'sluice prov lineage ... --monitor' prints it: the page, with the lineage asked for.
            browser.get(monitor.uri().resolve("/?channel=pair.out&seq=2&direction=back&depth=3").toString());

            waiting().until(b -> "shown".equals(lineageStatus()));
            assertThat(browser.findElement(By.id("lineage-view")).isDisplayed()).isTrue();
            assertThat(browser.findElement(By.id("workflow-view")).isDisplayed()).isFalse();
            assertThat(lineageLabels("firings")).containsExactly("pair#2", "src#4", "src#5");
            assertThat(lineageLabels("tokens")).containsExactly("pair.out#2", "src.out#4..5", "src.out#4", "src.out#5");
            WebElement asked = browser.findElement(By.cssSelector("#lineage g.lnode.asked"));
            assertThat(asked.getDomAttribute("data-label")).isEqualTo("pair.out#2");
            assertThat(asked.getText()).contains("pair.out#2", "w4+w5");
            assertThat(browser.findElements(By.cssSelector("#lineage g.ledge"))).hasSize(6);
            assertThat(browser.findElements(By.cssSelector("#lineage g.ledge.part"))).hasSize(2);
            assertThat(text("lineage-status")).startsWith("The lineage of pair.out#2, what it came from, to depth 3: 3 firings shown.");
            assertThat(text("lineage-notes")).isEqualTo("told by hand: pair.out#2");
            assertThat(browser.findElement(By.id("lineage-channel")).getDomProperty("value")).isEqualTo("pair.out");
            List<Rectangle> nodes = browser.findElements(By.cssSelector("#lineage g.lnode rect")).stream().map(WebElement::getRect).toList();
            for (int i = 0; i < nodes.size(); i++) {
                for (int j = i + 1; j < nodes.size(); j++) {
                    assertThat(overlap(nodes.get(i), nodes.get(j))).as("lineage nodes %d and %d overlap", i, j).isFalse();
                }
            }
            Rectangle src4 = node("src#4").getRect();
            Rectangle pair = node("pair#2").getRect();
            Rectangle out = node("pair.out#2").getRect();
            assertThat(src4.getX()).as("left to right, as the tokens flowed").isLessThan(pair.getX());
            assertThat(pair.getX()).isLessThan(out.getX());
            screenshot("monitor-lineage.png");

            // The workflow's tab shows the recorded run's graph; a click on a channel asks about its tokens.
            browser.findElement(By.id("tab-workflow")).click();
            waiting().until(b -> b.findElements(By.cssSelector("#graph g.actor")).size() == 3);
            assertThat(banner()).isEqualTo("recorded");
            assertThat(text("banner")).contains("A recorded run (pairs-run)");
            assertThat(text("run-id")).isEqualTo("pairs-run");
            assertThat(actor("pair").getText()).contains("pair", "recorded");
            screenshot("monitor-lineage-workflow.png");
            browser.findElement(By.cssSelector("#graph g.channel[data-channel='src.out'] text")).click();
            waiting().until(b -> b.findElement(By.id("lineage-view")).isDisplayed());
            assertThat(browser.findElement(By.id("lineage-channel")).getDomProperty("value")).isEqualTo("src.out");
            browser.findElement(By.id("lineage-seq")).sendKeys("5");
            new Select(browser.findElement(By.id("lineage-direction"))).selectByValue("forward");
            browser.findElement(By.id("lineage-show")).click();
            waiting().until(b -> lineageLabels("firings").equals(List.of("pair#2", "sink#2")));
            assertThat(browser.getCurrentUrl()).endsWith("/?channel=src.out&seq=5&direction=forward&depth=3");
            assertThat(browser.findElement(By.cssSelector("#lineage g.lnode.asked")).getDomAttribute("data-label")).isEqualTo("src.out#5");

            // A click on a token of the lineage asks for that token's own.
            node("pair.out#2").click();
            waiting().until(b -> lineageLabels("firings").equals(List.of("sink#2")));
            assertThat(browser.findElement(By.cssSelector("#lineage g.lnode.asked")).getDomAttribute("data-label")).isEqualTo("pair.out#2");

            // What the source does not hold is said, and nothing is drawn.
            WebElement channel = browser.findElement(By.id("lineage-channel"));
            channel.clear();
            channel.sendKeys("nowhere.out");
            browser.findElement(By.id("lineage-show")).click();
            waiting().until(b -> "error".equals(lineageStatus()));
            assertThat(text("lineage-status")).contains("has no channel 'nowhere.out'");
            assertThat(browser.findElements(By.cssSelector("#lineage g.lnode"))).isEmpty();
        }
    }

    private static WebElement node(String label) {
        return browser.findElement(By.cssSelector("#lineage g.lnode[data-label='" + label + "']"));
    }

    @Test
    void laysOutAnActorThatFeedsItselfThroughSeveralChannelsWithoutOverlaps() throws Exception {
        // The shape of the mergesort sample: a sort that feeds itself through three channels.
        Workflow workflow = Workflow.builder("loops")
                .actor("source", TestActors.withPorts(List.of(Port.output("out", String.class))))
                .actor("split", TestActors.withPorts(List.of(Port.input("in", String.class), Port.output("out", String.class))))
                .actor("mergesort", TestActors.withPorts(List.of(Port.input("in", String.class), Port.input("aIn", String.class),
                        Port.input("bIn", String.class), Port.input("tIn", String.class), Port.output("a", String.class),
                        Port.output("b", String.class), Port.output("t", String.class), Port.output("out", String.class))))
                .actor("sink", TestActors.withPorts(List.of(Port.input("in", String.class))))
                .connect("source.out", "split.in")
                .connect("split.out", "mergesort.in")
                .connect("mergesort.a", "mergesort.aIn")
                .connect("mergesort.b", "mergesort.bIn")
                .connect("mergesort.t", "mergesort.tIn")
                .connect("mergesort.out", "sink.in")
                .build();
        List<String> actors = workflow.actors().stream().map(a -> a.name()).toList();
        try (RunMonitor monitor = RunMonitor.start()) {
            monitor.runStarted(null, new RunInfo("told-by-hand", workflow, "data", Instant.now(), null, "memory"));
            monitor.progress(new RunSnapshot("told-by-hand", RunPhase.RUNNING, Duration.ofSeconds(75),
                    actors.stream().map(a -> new ActorSnapshot(a, a.equals("sink") ? ActorState.WAITING_TO_READ : ActorState.FIRING,
                            a.equals("sink") ? "mergesort.out" : null, 1234, Duration.ZERO, Duration.ZERO, Duration.ZERO)).toList(),
                    workflow.channels().stream().map(c -> new ChannelSnapshot(c.name(), 5000, Map.of(c.readers().get(0).toString(), 4000L),
                            1000, 1024, 2500.0, 16L << 20)).toList()));
            browser.get(monitor.uri().toString());

            waiting().until(b -> "1,234".equals(firingsText("sink")));
            String first = workflow.channels().get(0).name();
            assertThat(browser.findElement(By.cssSelector("#channels tbody tr[data-channel='" + first + "'] td:nth-child(4)"))
                    .getDomProperty("textContent")).as("the capacities of a channel bounded in tokens and bytes").isEqualTo("1,024 · 16 MiB");
            assertThat(browser.findElements(By.cssSelector("#graph g.channel"))).hasSize(workflow.channels().size());
            List<Rectangle> boxes = actors.stream().map(a -> actor(a).findElement(By.tagName("rect")).getRect()).toList();
            for (int i = 0; i < boxes.size(); i++) {
                for (int j = i + 1; j < boxes.size(); j++) {
                    assertThat(overlap(boxes.get(i), boxes.get(j))).as("%s and %s overlap", actors.get(i), actors.get(j)).isFalse();
                }
            }
            assertThat(boxes.stream().map(Rectangle::getX).toList()).as("left to right, in the order the tokens flow").isSorted();
            screenshot("monitor-screenshot-loops.png");
            monitor.runEnded(new RunResult("told-by-hand", "loops", "data", RunStatus.COMPLETED, Instant.now(), Duration.ofSeconds(80),
                    List.of(), List.of()));
            waiting().until(b -> "ended".equals(banner()));
        }
    }

    private static String firingsText(String actor) {
        String text = actor(actor).findElement(By.cssSelector(".firings")).getText();
        return text.replace("firings ", "");
    }

    private static boolean overlap(Rectangle a, Rectangle b) {
        return a.getX() < b.getX() + b.getWidth() && b.getX() < a.getX() + a.getWidth()
                && a.getY() < b.getY() + b.getHeight() && b.getY() < a.getY() + a.getHeight();
    }

    @Test
    void showsAFailedRunsMessage() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (RunMonitor monitor = RunMonitor.start();
                Run run = Directors.dataDriven().start(Watched.failing(release, 3), config(monitor))) {
            browser.get(monitor.uri().toString());
            waiting().until(b -> firings("sink") > 0);
            release.countDown();
            assertThatThrownBy(run::await).isInstanceOf(RunFailedException.class);
            waiting().until(b -> "failed".equals(banner()));
            assertThat(text("banner")).startsWith("The run has ended: failed").contains("source", "the test told the source to fail");
            assertThat(text("errors")).contains("the test told the source to fail");
            assertThat(actor("source").getDomAttribute("data-state")).isEqualTo("FAILED");
            screenshot("monitor-screenshot-failed.png");
        }
    }

    @Test
    void saysSoWhenTheMonitorStopsServingWhileTheRunGoesOn() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        RunMonitor monitor = RunMonitor.start();
        try (Run run = Directors.dataDriven().start(Watched.workflow(release, 3), config(monitor))) {
            try {
                browser.get(monitor.uri().toString());
                waiting().until(b -> firings("sink") > 0);
            } finally {
                monitor.close();
            }
            waiting().until(b -> "closed".equals(banner()));
            assertThat(text("banner")).contains("stopped serving", "may still be going");
            screenshot("monitor-screenshot-closed.png");
            assertThat(run.status().isFinal()).isFalse();
            release.countDown();
            run.await();
        }
    }
}
