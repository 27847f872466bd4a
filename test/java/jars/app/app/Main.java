package app;

import java.io.InputStream;
import java.net.URL;
import java.security.CodeSource;
import java.util.Enumeration;

// Uses classes and resources from jars: a Class-Path manifest, a multi-release jar, a signed
// jar, a jar with module-info.class; prints what it sees of them.
public class Main {
    public static void main(String[] args) throws Exception {
        System.out.println(lib.Lib.v());
        System.out.println(mr.Ver.v());
        System.out.println(modlib.Mod.v());
        try (InputStream in = Main.class.getResourceAsStream("/app/data.txt")) {
            System.out.println(new String(in.readAllBytes(), "UTF-8").trim());
        }
        URL u = Main.class.getClassLoader().getResource("app/data.txt");
        System.out.println(u.getProtocol() + " " + u.getPath().replaceAll(".*/", ""));
        Enumeration<URL> all = Main.class.getClassLoader().getResources("META-INF/MANIFEST.MF");
        int n = 0;
        while (all.hasMoreElements()) {
            all.nextElement();
            n++;
        }
        System.out.println("manifests " + n);
        CodeSource cs = signed.Signed.class.getProtectionDomain().getCodeSource();
        System.out.println(cs.getCodeSigners() == null ? "not signed" : cs.getCodeSigners().length + " signer(s), "
                + ((java.security.cert.X509Certificate) cs.getCertificates()[0]).getSubjectX500Principal());
        System.out.println(signed.Signed.v());
        Package p = lib.Lib.class.getPackage();
        System.out.println("package " + p.getName() + " " + p.getImplementationTitle());
        System.out.println("class path " + System.getProperty("java.class.path"));
        long sum = 0;
        for (int i = 0; i < 200_000; i++) sum += (lib.Lib.v().length() * 31L + i) % 7;
        System.out.println(sum);
    }
}
