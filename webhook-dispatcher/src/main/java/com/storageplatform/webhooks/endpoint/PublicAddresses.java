package com.storageplatform.webhooks.endpoint;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;

/**
 * Whether an address is on the public internet. A webhook URL must not reach the platform's own network
 * (private, loopback, link-local, carrier-grade NAT, multicast, unspecified, unique-local IPv6, or an IPv4
 * address of those kinds carried in an IPv6 one: mapped, compatible, NAT64, 6to4 or Teredo): the dispatcher would
 * otherwise be a way into it.
 */
public final class PublicAddresses {

    private PublicAddresses() {
    }

    public static boolean isPublic(InetAddress address) {
        if (address.isAnyLocalAddress() || address.isLoopbackAddress() || address.isLinkLocalAddress()
                || address.isSiteLocalAddress() || address.isMulticastAddress()) {
            return false;
        }
        byte[] bytes = address.getAddress();
        if (address instanceof Inet4Address) {
            return isPublicIpv4(bytes);
        }
        if (address instanceof Inet6Address) {
            if ((bytes[0] & 0xfe) == 0xfc) {
                return false; // fc00::/7 unique local
            }
            if (isIpv4Mapped(bytes) || isIpv4Compatible(bytes) || isNat64(bytes)) {
                return isPublicIpv4(ipv4At(bytes, 12, false));
            }
            if (startsWith(bytes, 0x20, 0x02)) {
                return isPublicIpv4(ipv4At(bytes, 2, false)); // 2002::/16 6to4: the relay's IPv4 in bits 16-47
            }
            if (startsWith(bytes, 0x20, 0x01, 0x00, 0x00)) {
                // 2001::/32 Teredo: the server's IPv4 in bits 32-63, the client's inverted in the last 32
                return isPublicIpv4(ipv4At(bytes, 4, false)) && isPublicIpv4(ipv4At(bytes, 12, true));
            }
            if (startsWith(bytes, 0x00, 0x64, 0xff, 0x9b, 0x00, 0x01)) {
                return false; // 64:ff9b:1::/48, NAT64 for a local network (RFC 8215)
            }
            return true;
        }
        return false;
    }

    private static boolean isPublicIpv4(byte[] b) {
        int first = b[0] & 0xff;
        int second = b[1] & 0xff;
        return !(first == 0 || first == 10 || first == 127
                || (first == 100 && second >= 64 && second <= 127)   // 100.64.0.0/10 carrier-grade NAT
                || (first == 169 && second == 254)                   // link-local, cloud metadata
                || (first == 172 && second >= 16 && second <= 31)
                || (first == 192 && second == 168)
                || (first == 192 && second == 0 && (b[2] & 0xff) == 0) // 192.0.0.0/24 protocol assignments
                || (first == 198 && (second == 18 || second == 19))  // benchmarking
                || first >= 224);                                     // multicast, reserved, broadcast
    }

    /** 64:ff9b::/96, the well-known NAT64 prefix: the IPv4 address in the last 32 bits. */
    private static boolean isNat64(byte[] b) {
        if (!startsWith(b, 0x00, 0x64, 0xff, 0x9b)) {
            return false;
        }
        for (int i = 4; i < 12; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWith(byte[] b, int... prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if ((b[i] & 0xff) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static byte[] ipv4At(byte[] b, int offset, boolean inverted) {
        byte[] ipv4 = new byte[4];
        for (int i = 0; i < 4; i++) {
            ipv4[i] = (byte) (inverted ? ~b[offset + i] : b[offset + i]);
        }
        return ipv4;
    }

    private static boolean isIpv4Mapped(byte[] b) {
        for (int i = 0; i < 10; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff;
    }

    private static boolean isIpv4Compatible(byte[] b) {
        for (int i = 0; i < 12; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
