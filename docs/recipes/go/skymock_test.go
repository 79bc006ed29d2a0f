// Tests against skymock with gophercloud. TestMain starts one skymock for the package (the command in
// SKYMOCK_COMMAND, default `npx skymock`) on a free port with a frozen clock, and stops it at the end; each
// test resets it to its seed world when it ends.
package skymock_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud"
	"github.com/gophercloud/gophercloud/openstack"
	"github.com/gophercloud/gophercloud/openstack/compute/v2/servers"
	"github.com/gophercloud/gophercloud/openstack/imageservice/v2/images"
	"github.com/gophercloud/gophercloud/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/openstack/networking/v2/subnets"
)

// baseURL is the running skymock's address, e.g. http://127.0.0.1:41234.
var baseURL string

func TestMain(m *testing.M) {
	stop, err := startSkymock()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	stop()
	os.Exit(code)
}

func TestServerIsActiveOnceVirtualTimeHasPassed(t *testing.T) {
	t.Cleanup(func() { control(t, "POST", "/reset", nil) })
	provider := login(t)
	compute := client(t, openstack.NewComputeV2, provider)
	network := client(t, openstack.NewNetworkV2, provider)
	image := client(t, openstack.NewImageServiceV2, provider)

	net, err := networks.Create(network, networks.CreateOpts{Name: "app"}).Extract()
	must(t, err)
	_, err = subnets.Create(network, subnets.CreateOpts{NetworkID: net.ID, CIDR: "192.168.60.0/24", IPVersion: gophercloud.IPv4}).Extract()
	must(t, err)
	// the default world's cirros image and m1.tiny flavor (id "1")
	pages, err := images.List(image, images.ListOpts{Name: "cirros"}).AllPages()
	must(t, err)
	cirros, err := images.ExtractImages(pages)
	must(t, err)
	if len(cirros) != 1 {
		t.Fatalf("want one cirros image, got %d", len(cirros))
	}

	created, err := servers.Create(compute, servers.CreateOpts{
		Name: "web-1", ImageRef: cirros[0].ID, FlavorRef: "1", Networks: []servers.Network{{UUID: net.ID}},
	}).Extract()
	must(t, err)
	server, err := servers.Get(compute, created.ID).Extract()
	must(t, err)
	if server.Status != "BUILD" {
		t.Fatalf("a new server: want BUILD, got %s", server.Status)
	}

	// the clock is frozen: nothing happens until the test moves it (no sleeping, no polling)
	control(t, "POST", "/clock/advance", map[string]string{"by": "30s"})

	server, err = servers.Get(compute, created.ID).Extract()
	must(t, err)
	if server.Status != "ACTIVE" {
		t.Fatalf("after 30s: want ACTIVE, got %s", server.Status)
	}
	pages, err = servers.List(compute, servers.ListOpts{}).AllPages()
	must(t, err)
	all, err := servers.ExtractServers(pages)
	must(t, err)
	if len(all) != 1 || all[0].Name != "web-1" {
		t.Fatalf("want the one server web-1, got %d servers", len(all))
	}
}

func TestWhatATestMadeIsGoneAfterAReset(t *testing.T) {
	network := client(t, openstack.NewNetworkV2, login(t))
	_, err := networks.Create(network, networks.CreateOpts{Name: "scratch"}).Extract()
	must(t, err)
	if n := countNetworks(t, network, "scratch"); n != 1 {
		t.Fatalf("want one network scratch, got %d", n)
	}

	control(t, "POST", "/reset", nil)

	network = client(t, openstack.NewNetworkV2, login(t))
	if n := countNetworks(t, network, "scratch"); n != 0 {
		t.Fatalf("after a reset: want no network scratch, got %d", n)
	}
}

func countNetworks(t *testing.T, network *gophercloud.ServiceClient, name string) int {
	t.Helper()
	pages, err := networks.List(network, networks.ListOpts{Name: name}).AllPages()
	must(t, err)
	all, err := networks.ExtractNetworks(pages)
	must(t, err)
	return len(all)
}

// login authenticates as the default world's admin (project admin, domain Default).
func login(t *testing.T) *gophercloud.ProviderClient {
	t.Helper()
	provider, err := openstack.AuthenticatedClient(gophercloud.AuthOptions{
		IdentityEndpoint: baseURL + "/identity",
		Username:         "admin",
		Password:         "admin",
		TenantName:       "admin",
		DomainName:       "Default",
	})
	must(t, err)
	return provider
}

func client(t *testing.T, newClient func(*gophercloud.ProviderClient, gophercloud.EndpointOpts) (*gophercloud.ServiceClient, error), provider *gophercloud.ProviderClient) *gophercloud.ServiceClient {
	t.Helper()
	c, err := newClient(provider, gophercloud.EndpointOpts{Region: "RegionOne"})
	must(t, err)
	return c
}

// control calls skymock's control API (/_emulator) and fails the test on any status but 200.
func control(t *testing.T, method, path string, body interface{}) {
	t.Helper()
	var payload bytes.Buffer
	if body != nil {
		must(t, json.NewEncoder(&payload).Encode(body))
	}
	req, err := http.NewRequest(method, baseURL+"/_emulator"+path, &payload)
	must(t, err)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	must(t, err)
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("%s %s: %s", method, path, res.Status)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// startSkymock runs `$SKYMOCK_COMMAND start --port 0 --frozen-clock --url-file FILE`, reads the URL from
// FILE once written and waits for GET /_emulator/health to answer 200. It answers the function that stops it.
func startSkymock() (func(), error) {
	command := os.Getenv("SKYMOCK_COMMAND")
	if command == "" {
		command = "npx skymock"
	}
	dir, err := os.MkdirTemp("", "skymock")
	if err != nil {
		return nil, err
	}
	urlFile := filepath.Join(dir, "url")
	log, err := os.Create(filepath.Join(dir, "skymock.log"))
	if err != nil {
		return nil, err
	}
	words := strings.Fields(command)
	cmd := exec.Command(words[0], append(words[1:], "start", "--port", "0", "--frozen-clock", "--url-file", urlFile)...)
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // a group of its own: stopping it stops npx's child too
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	stop := func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
		log.Close()
		os.RemoveAll(dir)
	}
	output := func() string { b, _ := os.ReadFile(log.Name()); return string(b) }

	deadline := time.Now().Add(60 * time.Second) // `npx` may fetch skymock the first time
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			out := output()
			stop()
			return nil, fmt.Errorf("skymock exited (%v):\n%s", cmd.ProcessState, out)
		default:
		}
		if url, _ := os.ReadFile(urlFile); bytes.HasSuffix(url, []byte("\n")) { // written whole
			baseURL = strings.TrimSpace(string(url))
			if res, err := http.Get(baseURL + "/_emulator/health"); err == nil {
				res.Body.Close()
				if res.StatusCode == http.StatusOK {
					return stop, nil
				}
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	out := output()
	stop()
	return nil, fmt.Errorf("skymock was not healthy within 60s:\n%s", out)
}
