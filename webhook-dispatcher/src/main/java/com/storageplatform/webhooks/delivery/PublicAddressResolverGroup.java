package com.storageplatform.webhooks.delivery;

import com.storageplatform.webhooks.endpoint.PublicAddresses;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.InetNameResolver;
import io.netty.resolver.InetSocketAddressResolver;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Resolves receivers' hosts for the delivery client and refuses, at connection time, any host that resolves to
 * an address that is not public. Checking here rather than before the request leaves no gap for DNS to change
 * between the check and the connection.
 */
final class PublicAddressResolverGroup extends AddressResolverGroup<InetSocketAddress> {

    static final PublicAddressResolverGroup INSTANCE = new PublicAddressResolverGroup();

    @Override
    protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
        return new InetSocketAddressResolver(executor, new InetNameResolver(executor) {
            @Override
            protected void doResolve(String host, Promise<InetAddress> promise) {
                try {
                    promise.setSuccess(publicOnly(host).get(0));
                } catch (UnknownHostException e) {
                    promise.setFailure(e);
                }
            }

            @Override
            protected void doResolveAll(String host, Promise<List<InetAddress>> promise) {
                try {
                    promise.setSuccess(publicOnly(host));
                } catch (UnknownHostException e) {
                    promise.setFailure(e);
                }
            }
        });
    }

    private static List<InetAddress> publicOnly(String host) throws UnknownHostException {
        List<InetAddress> addresses = List.of(InetAddress.getAllByName(host));
        for (InetAddress address : addresses) {
            if (!PublicAddresses.isPublic(address)) {
                throw new UnknownHostException(host + " resolves to an address that is not public");
            }
        }
        return addresses;
    }
}
