package com.hashlobby.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
