module modlib {
    exports modlib;
}
