"""Tests against skymock with openstacksdk: the fixtures are in conftest.py."""


def test_a_server_is_active_once_virtual_time_has_passed(skymock):
    cloud = skymock.connect("demo")
    network = cloud.network.find_network("private")  # the default world's demo network
    image = cloud.image.find_image("cirros")
    flavor = cloud.compute.find_flavor("m1.tiny")

    server = cloud.compute.create_server(name="web-1", image_id=image.id, flavor_id=flavor.id,
                                         networks=[{"uuid": network.id}])
    assert cloud.compute.get_server(server.id).status == "BUILD"

    # the clock is frozen: nothing happens until the test moves it (no sleeping, no polling)
    skymock.advance("30s")
    active = cloud.compute.get_server(server.id)
    assert active.status == "ACTIVE"
    assert "private" in active.addresses


def test_what_a_test_made_is_gone_after_a_reset(skymock):
    cloud = skymock.connect("admin")
    network = cloud.network.create_network(name="scratch")
    cloud.network.create_subnet(network_id=network.id, name="scratch-subnet", ip_version=4, cidr="192.168.50.0/24")
    assert "scratch" in [n.name for n in cloud.network.networks()]

    skymock.reset()

    cloud = skymock.connect("admin")  # a new login, as the next test would make
    assert "scratch" not in [n.name for n in cloud.network.networks()]
    assert "public" in [n.name for n in cloud.network.networks()]
