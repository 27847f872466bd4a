package japp;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeSet;
import java.util.jar.Manifest;

// A program run from a jar (java -cp app.jar japp.Main, or with its Main-Class): its manifest
// names lib.jar in Class-Path. main reads a compressed resource of its own jar (the jar's
// inflater), its manifest, and calls the library directly and through reflection (more than
// JDK 17's inflation threshold of 15 calls: generated accessors). Deterministic.
public class Main {
    public static void main(String[] args) throws Exception {
        String text;
        try (InputStream in = Main.class.getResourceAsStream("/japp/text.txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Map<String, Integer> counts = jlib.Words.count(text);
        System.out.println(new StringBuilder().append(counts.size()).append(" words, top ").append(jlib.Words.top(counts, 5)));
        try (InputStream in = Main.class.getResourceAsStream("/META-INF/MANIFEST.MF")) {
            Manifest mf = new Manifest(in);
            System.out.println(mf.getMainAttributes().getValue("Class-Path"));
        }
        Method weight = jlib.Words.class.getMethod("weight", String.class);
        Object words = jlib.Words.class.getConstructor().newInstance();
        long sum = 0;
        for (String w : new TreeSet<>(counts.keySet())) sum += (Integer) weight.invoke(words, w);
        System.out.println(sum);
    }
}
