import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.ChoiceFormat;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.MessageFormat;
import java.text.NumberFormat;
import java.text.SimpleDateFormat;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Callable;

// java.text formats (locales, patterns, choice and message formats), time zones from tzdb,
// CompletableFuture chains with failures, ThreadLocal/InheritableThreadLocal, interrupts,
// and errors a program can catch and go on: StackOverflowError, OutOfMemoryError for an
// impossible array, ExceptionInInitializerError then NoClassDefFoundError.
public class Main {
    static final ThreadLocal<StringBuilder> LOG = ThreadLocal.withInitial(StringBuilder::new);
    static final InheritableThreadLocal<String> CTX = new InheritableThreadLocal<>();

    static int depth;

    static void dive() {
        depth++;
        dive();
    }

    static final class Broken {
        static final int VALUE = compute();
        static int compute() { throw new IllegalStateException("broken on purpose"); }
    }

    public static void main(String[] args) throws Exception {
        System.out.println(new DecimalFormat("#,##0.00").format(1234567.891) + " " + new DecimalFormat("0.###E0").format(0.000123456) + " " + new DecimalFormat("00.0%").format(0.4567));
        DecimalFormat de = new DecimalFormat("#,##0.00", DecimalFormatSymbols.getInstance(Locale.GERMANY));
        System.out.println(de.format(-9876543.215) + " " + de.parse("1.234,5") + " " + NumberFormat.getIntegerInstance(Locale.US).format(123456789L));
        System.out.println(String.format(Locale.FRANCE, "%,.3f", 1234567.12345).replace('\u202f', '_').replace('\u00a0', '_') + " " + String.format(Locale.ROOT, "%08.2f|%-6s|%+d|%x|%o|%e|%g|%b|%c", 3.14159, "ab", 5, 255, 8, 12345.678, 0.00012345, null, 'Z'));
        System.out.println(NumberFormat.getPercentInstance(Locale.US).format(0.256) + " " + NumberFormat.getCurrencyInstance(Locale.US).format(1234.5) + " " + new BigDecimal("2.345").setScale(2, RoundingMode.HALF_EVEN));
        ChoiceFormat cf = new ChoiceFormat(new double[] {0, 1, 2}, new String[] {"no files", "one file", "{0} files"});
        for (int n : new int[] {0, 1, 7}) System.out.print(MessageFormat.format(cf.format(n), n) + "; ");
        System.out.println(MessageFormat.format("{0} has {1,number,integer} items costing {2,number,#.##}", "cart", 3, 9.5));

        SimpleDateFormat sdf = new SimpleDateFormat("yyyy-MM-dd HH:mm:ss zzz EEE", Locale.US);
        sdf.setTimeZone(TimeZone.getTimeZone("UTC"));
        System.out.println(sdf.format(new Date(1_700_000_000_000L)) + " | " + sdf.parse("2024-02-29 12:00:00 UTC Thu").getTime());
        ZonedDateTime paris = Instant.ofEpochSecond(1_711_846_800L).atZone(ZoneId.of("Europe/Paris"));
        ZonedDateTime tokyo = paris.withZoneSameInstant(ZoneId.of("Asia/Tokyo"));
        System.out.println(paris + " " + tokyo.format(DateTimeFormatter.ofPattern("EEEE d MMMM uuuu HH:mm", Locale.ENGLISH)) + " " + paris.getOffset() + " " + paris.minusHours(2).getOffset());
        System.out.println(LocalDateTime.of(2020, 1, 31, 10, 0).plusMonths(1) + " " + DateTimeFormatter.ISO_WEEK_DATE.format(LocalDateTime.of(2021, 1, 3, 0, 0)));

        CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> 20);
        CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> 22);
        System.out.println("combine " + a.thenCombine(b, Integer::sum).thenApply(x -> x * 2).join());
        CompletableFuture<Integer> bad = CompletableFuture.supplyAsync(() -> { throw new IllegalArgumentException("nope"); });
        System.out.println("handled " + bad.handle((v, e) -> e == null ? "value " + v : e.getClass().getSimpleName() + "/" + e.getCause().getMessage()).join());
        try {
            bad.join();
        } catch (CompletionException e) {
            System.out.println("join threw " + e.getCause());
        }
        System.out.println("exceptionally " + bad.exceptionally(e -> -1).join() + " " + CompletableFuture.allOf(a, b).thenApply(v -> a.join() * b.join()).get());

        ExecutorService ex = Executors.newFixedThreadPool(3);
        List<Callable<String>> jobs = new ArrayList<>();
        CTX.set("parent-ctx");
        for (int i = 0; i < 5; i++) {
            final int id = i;
            jobs.add(() -> {
                LOG.get().append(id);
                return "job" + id + ":" + (id * id);
            });
        }
        List<String> results = new ArrayList<>();
        for (Future<String> f : ex.invokeAll(jobs)) results.add(f.get());
        ex.shutdown();
        System.out.println(results + " main log '" + LOG.get() + "'");
        String[] seen = new String[1];
        Thread child = new Thread(() -> seen[0] = CTX.get() + "/" + LOG.get().length());
        child.start();
        child.join();
        System.out.println("inherited " + seen[0]);

        CountDownLatch started = new CountDownLatch(1);
        boolean[] interrupted = new boolean[1];
        Thread sleeper = new Thread(() -> {
            started.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted[0] = !Thread.currentThread().isInterrupted();
            }
        });
        sleeper.start();
        started.await();
        sleeper.interrupt();
        sleeper.join();
        System.out.println("interrupted " + interrupted[0]);

        try {
            dive();
        } catch (StackOverflowError e) {
            System.out.println("SOE caught, deep " + (depth > 1000));
        }
        depth = 0;
        try {
            long[] huge = new long[Integer.MAX_VALUE];
            System.out.println(huge.length);
        } catch (OutOfMemoryError e) {
            System.out.println("OOM " + e.getMessage());
        }
        for (int i = 0; i < 2; i++) {
            try {
                System.out.println(Broken.VALUE);
            } catch (Throwable e) {
                System.out.println(e.getClass().getName() + ": " + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()));
            }
        }
    }
}
