package io.sluice.monitor.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class HostCheckTest {
    private final HostCheck loopback = new HostCheck(new InetSocketAddress(InetAddress.getLoopbackAddress(), 8123));

    @Test
    void aMonitorOnLoopbackAnswersRequestsAddressedToLoopbackAtItsPort() {
        for (String host : new String[] {"127.0.0.1:8123", "localhost:8123", "LocalHost:8123", "127.1.2.3:8123", "[::1]:8123",
                "[0:0:0:0:0:0:0:1]:8123", " localhost:8123 ", null}) {
            assertThat(loopback.allows(host)).as(host).isTrue();
        }
    }

    @Test
    void itRefusesOtherNamesPortsAndMalformedHosts() {
        for (String host : new String[] {"attacker.example:8123", "localhost.attacker.example:8123", "127.0.0.1:8124",
                "127.0.0.1", "localhost", "[::2]:8123", "[::1:8123", "10.0.0.1:8123", "127.0.0.1:8123@evil", ""}) {
            assertThat(loopback.allows(host)).as(host).isFalse();
        }
    }

    @Test
    void withoutAPortInTheHostThePortIs80() {
        HostCheck on80 = new HostCheck(new InetSocketAddress(InetAddress.getLoopbackAddress(), 80));
        assertThat(on80.allows("localhost")).isTrue();
        assertThat(on80.allows("localhost:80")).isTrue();
    }

    @Test
    void aMonitorOnAnotherAddressAnswersAnyHost() throws Exception {
        HostCheck everywhere = new HostCheck(new InetSocketAddress(InetAddress.getByName("0.0.0.0"), 8123));
        assertThat(everywhere.allows("somehost.example:8123")).isTrue();
    }
}
