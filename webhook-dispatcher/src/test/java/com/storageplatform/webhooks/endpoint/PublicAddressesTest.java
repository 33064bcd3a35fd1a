package com.storageplatform.webhooks.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

class PublicAddressesTest {

    private static boolean isPublic(String literal) throws UnknownHostException {
        return PublicAddresses.isPublic(InetAddress.getByName(literal));
    }

    @Test
    void privateLoopbackLinkLocalAndReservedAddressesAreNotPublic() throws UnknownHostException {
        for (String address : new String[] {"127.0.0.1", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1",
                "169.254.169.254", "100.64.0.1", "100.127.255.254", "0.0.0.0", "224.0.0.1", "255.255.255.255",
                "192.0.0.1", "198.18.0.1", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "::ffff:10.0.0.1",
                "::ffff:127.0.0.1", "ff02::1"}) {
            assertThat(isPublic(address)).as(address).isFalse();
        }
    }

    @Test
    void internetAddressesArePublic() throws UnknownHostException {
        for (String address : new String[] {"93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "1.1.1.1",
                "2606:4700:4700::1111", "::ffff:93.184.216.34"}) {
            assertThat(isPublic(address)).as(address).isTrue();
        }
    }
}
