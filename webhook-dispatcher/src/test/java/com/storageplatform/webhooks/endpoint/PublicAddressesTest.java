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

    @Test
    void anIpv4AddressCarriedInNat64SixToFourOrTeredoIsJudgedAsThatIpv4Address() throws UnknownHostException {
        for (String address : new String[] {
                "64:ff9b::a00:1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", // NAT64 of 10.0.0.1, 127.0.0.1, 169.254.169.254
                "64:ff9b:1::a00:1",                                        // NAT64 for a local network (RFC 8215)
                "2002:a00:1::1", "2002:c0a8:101::1", "2002:7f00:1::",     // 6to4 of 10.0.0.1, 192.168.1.1, 127.0.0.1
                "2001:0:a00:1:8000:63bf:f7f7:f7f7",                        // Teredo, server 10.0.0.1
                "2001:0:4136:e378:8000:63bf:f5ff:fffe",                    // Teredo, client 10.0.0.1 (inverted)
                "2001:0:4136:e378:8000:63bf:80ff:fffe"}) {                 // Teredo, client 127.0.0.1 (inverted)
            assertThat(isPublic(address)).as(address).isFalse();
        }
        for (String address : new String[] {"64:ff9b::808:808", "2002:808:808::1",
                "2001:0:4136:e378:8000:63bf:f7f7:f7f7", "2001:db9::1", "2003::1"}) {
            assertThat(isPublic(address)).as(address).isTrue();
        }
    }
}
