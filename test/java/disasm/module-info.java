/** A module descriptor: Module, ModulePackages (and ModuleMainClass when jar'd) attributes. */
@Deprecated
open module dis.test {
    requires transitive java.logging;
    requires static java.sql;
    exports dis;
    exports dis.svc to java.base, java.logging;
    uses java.lang.Runnable;
    provides java.lang.Runnable with dis.svc.Service;
}
