package junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.PrintWriter;
import java.util.*;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.*;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The JUnit 5 platform as a build tool drives it: discover the tests of a class through the
 * Launcher (service loading from the jar, reflection, annotations), execute them, and report
 * each result and the summary (without its timing).
 */
public class JUnitDriver {
  public static void main(String[] args) {
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectClass(SampleTests.class)).build();
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    List<String> events = new ArrayList<>();
    TestExecutionListener log = new TestExecutionListener() {
      @Override public void executionSkipped(TestIdentifier id, String reason) {
        events.add("skipped " + id.getDisplayName() + ": " + reason);
      }
      @Override public void executionFinished(TestIdentifier id, TestExecutionResult r) {
        if (!id.isTest()) return;
        events.add(r.getStatus() + " " + id.getDisplayName() + r.getThrowable().map(t -> " " + t.getClass().getName() + ": " + t.getMessage()).orElse(""));
      }
    };
    launcher.execute(request, summary, log);
    Collections.sort(events);
    for (String e : events) System.out.println(e);
    TestExecutionSummary s = summary.getSummary();
    System.out.println("found=" + s.getTestsFoundCount() + " ok=" + s.getTestsSucceededCount() + " failed=" + s.getTestsFailedCount() + " aborted=" + s.getTestsAbortedCount() + " skipped=" + s.getTestsSkippedCount() + " containers=" + s.getContainersFoundCount());
    System.exit(s.getTotalFailureCount() == 2 ? 0 : 3);
  }
}
