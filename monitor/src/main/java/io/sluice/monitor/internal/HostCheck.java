package io.sluice.monitor.internal;

import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Locale;

/**
 * Which {@code Host} headers a monitor answers. One bound to a loopback address answers only
 * requests addressed to loopback ({@code localhost}, {@code 127.x.x.x}, {@code [::1]}) at its
 * port, so that a web page elsewhere cannot read it through a host name that resolves to this
 * machine (DNS rebinding); one bound to another address answers any. A request without
 * {@code Host} (HTTP/1.0) is answered. Immutable.
 */
final class HostCheck {
    private final int port;
    private final boolean loopbackOnly;

    HostCheck(InetSocketAddress bound) {
        this.port = bound.getPort();
        this.loopbackOnly = bound.getAddress().isLoopbackAddress();
    }

    boolean allows(String host) {
        if (!loopbackOnly || host == null) {
            return true;
        }
        String h = host.trim().toLowerCase(Locale.ROOT);
        String name;
        String rest;
        if (h.startsWith("[")) {
            int close = h.indexOf(']');
            if (close < 0) {
                return false;
            }
            name = h.substring(0, close + 1);
            rest = h.substring(close + 1);
        } else {
            int colon = h.lastIndexOf(':');
            name = colon < 0 ? h : h.substring(0, colon);
            rest = colon < 0 ? "" : h.substring(colon);
        }
        boolean portMatches = rest.isEmpty() ? port == 80 : rest.equals(":" + port);
        return portMatches && (name.equals("localhost") || isLoopbackLiteral(name));
    }

    /** Whether {@code name} is an address written out (never looked up) that is loopback. */
    private static boolean isLoopbackLiteral(String name) {
        String literal = name.startsWith("[") && name.endsWith("]") ? name.substring(1, name.length() - 1) : name;
        InetAddress a = NetUtil.createInetAddressFromIpAddressString(literal);
        return a != null && a.isLoopbackAddress();
    }
}
