import java.util.Optional;

// A program whose main is the first to use java.util.Optional (branch id25m): the embedded
// engine's boot initialises Optional (its initPhase2 takes the module finder's path, which the
// archived module graph skips), HotSpot's on neither JDK; the copy's checkAndLoadMain initialises
// it before the count on JDK 17 and 25 (runtime/contract.ts launcherInitializedClasses).
public class OptionalFirst {
    public static void main(String[] args) {
        Optional<String> o = Optional.ofNullable(args.length > 0 ? args[0] : null);
        System.out.println(o.orElse("none") + " " + Optional.of(21).map(x -> x * 2).get() + " " + Optional.empty().isPresent());
    }
}
