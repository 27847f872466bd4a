package cf.impl;

import cf.api.Service;

public class ServiceImpl implements Service {
  @Override
  public String name() {
    return "impl";
  }

  public static class Other implements Service {
    @Override
    public String name() {
      return "other";
    }
  }
}
