package com.storageplatform.webhooks.delivery;

import com.storageplatform.webhooks.endpoint.PublicAddresses;
import io.netty.channel.EventLoop;
import io.netty.resolver.AbstractAddressResolver;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.NameResolver;
import io.netty.resolver.dns.DnsAddressResolverGroup;
import io.netty.resolver.dns.DnsNameResolverBuilder;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Resolves receivers' hosts for the delivery client and refuses, at connection time, any host that resolves to
 * an address that is not public. Checking here rather than before the request leaves no gap for DNS to change
 * between the check and the connection. Names go through Netty's asynchronous DNS resolver (Reactor Netty's own,
 * with its hosts file, cache and {@code resolv.conf}), so a slow name server holds up only the deliveries waiting
 * for its answer, never the event loop the other receivers' connections run on. An address given as an IP literal
 * is checked too.
 */
final class PublicAddressResolverGroup extends DnsAddressResolverGroup {

    PublicAddressResolverGroup(DnsNameResolverBuilder dns) {
        super(dns);
    }

    @Override
    protected AddressResolver<InetSocketAddress> newAddressResolver(EventLoop eventLoop,
            NameResolver<InetAddress> names) {
        return new PublicOnly(eventLoop, names);
    }

    private static final class PublicOnly extends AbstractAddressResolver<InetSocketAddress> {

        private final NameResolver<InetAddress> names;

        PublicOnly(EventExecutor executor, NameResolver<InetAddress> names) {
            super(executor, InetSocketAddress.class);
            this.names = names;
        }

        /** Never: an address that arrives resolved (an IP literal in the URL) must still pass the check. */
        @Override
        protected boolean doIsResolved(InetSocketAddress address) {
            return false;
        }

        @Override
        protected void doResolve(InetSocketAddress address, Promise<InetSocketAddress> promise) {
            resolveAll(address).addListener((Future<List<InetSocketAddress>> all) -> {
                if (all.isSuccess()) {
                    promise.trySuccess(all.getNow().get(0));
                } else {
                    promise.tryFailure(all.cause());
                }
            });
        }

        @Override
        protected void doResolveAll(InetSocketAddress address, Promise<List<InetSocketAddress>> promise) {
            if (!address.isUnresolved()) {
                complete(address.getHostString(), List.of(address.getAddress()), address.getPort(), promise);
                return;
            }
            names.resolveAll(address.getHostString()).addListener((Future<List<InetAddress>> resolved) -> {
                if (resolved.isSuccess()) {
                    complete(address.getHostString(), resolved.getNow(), address.getPort(), promise);
                } else {
                    promise.tryFailure(resolved.cause());
                }
            });
        }

        /** Every address must be public: one that is not refuses the host, whichever would have been tried. */
        private static void complete(String host, List<InetAddress> addresses, int port,
                Promise<List<InetSocketAddress>> promise) {
            for (InetAddress address : addresses) {
                if (!PublicAddresses.isPublic(address)) {
                    promise.tryFailure(new UnknownHostException(host + " resolves to an address that is not public"));
                    return;
                }
            }
            promise.trySuccess(addresses.stream().map(address -> new InetSocketAddress(address, port)).toList());
        }

        @Override
        public void close() {
            names.close();
        }
    }
}
