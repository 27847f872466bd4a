// Program arguments: java's launcher makes each one a String in Java
// (LauncherHelper.makePlatformString, java.c NewPlatformStringArray) after the main class's
// initialisation and before main; the test's arguments include an empty one and spaces.
public class MainArgs {
    public static void main(String[] args) {
        long sum = 0;
        for (int i = 0; i < args.length; i++) {
            System.out.println(i + " <" + args[i] + "> " + args[i].length());
            for (int r = 0; r < 200; r++) sum += args[i].hashCode() + r;
        }
        System.out.println("argc " + args.length + " " + sum);
    }
}
