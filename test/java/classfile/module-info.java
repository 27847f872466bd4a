/** Module descriptor: requires (plain, static, transitive), qualified exports/opens, uses, provides. */
@Deprecated
module komorium.cftest {
  requires java.logging;
  requires static java.compiler;
  requires transitive java.xml;
  exports cf;
  exports cf.api to java.logging, java.xml;
  opens cf.impl;
  opens cf.api to java.logging;
  uses cf.api.Service;
  provides cf.api.Service with cf.impl.ServiceImpl, cf.impl.ServiceImpl.Other;
}
