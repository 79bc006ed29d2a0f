// gophercloud's OS-OAUTH1 client against skymock (SKYMOCK_URL), the flow of gophercloud's own acceptance
// test (acceptance/openstack/identity/v3/oauth1_test.go): a consumer, a request token, its authorization by
// role id and by role name, the access token and its roles, and `oauth1` authentication, with HMAC-SHA1 and
// PLAINTEXT signatures.
package oauth1_test

import (
	"os"
	"testing"

	"github.com/gophercloud/gophercloud"
	"github.com/gophercloud/gophercloud/openstack"
	"github.com/gophercloud/gophercloud/openstack/identity/v3/extensions/oauth1"
	"github.com/gophercloud/gophercloud/openstack/identity/v3/tokens"
)

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func identityClient(t *testing.T, authenticated bool) *gophercloud.ServiceClient {
	t.Helper()
	endpoint := os.Getenv("SKYMOCK_URL") + "/identity/v3/"
	if !authenticated {
		provider, err := openstack.NewClient(endpoint)
		must(t, err)
		client, err := openstack.NewIdentityV3(provider, gophercloud.EndpointOpts{})
		must(t, err)
		return client
	}
	provider, err := openstack.AuthenticatedClient(gophercloud.AuthOptions{
		IdentityEndpoint: endpoint, Username: "admin", Password: "admin", TenantName: "admin", DomainName: "Default",
	})
	must(t, err)
	client, err := openstack.NewIdentityV3(provider, gophercloud.EndpointOpts{})
	must(t, err)
	return client
}

func TestOAuth1Flow(t *testing.T) {
	client := identityClient(t, true)
	tokenRes := tokens.Create(client, &tokens.AuthOptions{
		Username: "admin", Password: "admin", DomainName: "Default",
		Scope: tokens.Scope{ProjectName: "admin", DomainName: "Default"},
	})
	user, err := tokenRes.ExtractUser()
	must(t, err)
	roles, err := tokenRes.ExtractRoles()
	must(t, err)
	project, err := tokenRes.ExtractProject()
	must(t, err)
	if len(roles) < 2 {
		t.Fatalf("want the admin's roles with those they imply, got %v", roles)
	}

	consumer, err := oauth1.CreateConsumer(client, oauth1.CreateConsumerOpts{Description: "gophercloud"}).Extract()
	must(t, err)
	defer oauth1.DeleteConsumer(client, consumer.ID)

	for _, method := range []oauth1.SignatureMethod{oauth1.HMACSHA1, oauth1.PLAINTEXT} {
		requestToken, err := oauth1.RequestToken(client, oauth1.RequestTokenOpts{
			OAuthConsumerKey: consumer.ID, OAuthConsumerSecret: consumer.Secret, OAuthSignatureMethod: method, RequestedProjectID: project.ID,
		}).Extract()
		must(t, err)
		if requestToken.OAuthExpiresAt == nil {
			t.Fatalf("%s: a request token without its expiry", method)
		}

		authToken, err := oauth1.AuthorizeToken(client, requestToken.OAuthToken, oauth1.AuthorizeTokenOpts{
			Roles: []oauth1.Role{{ID: roles[0].ID}, {Name: roles[1].Name}},
		}).Extract()
		must(t, err)

		accessToken, err := oauth1.CreateAccessToken(client, oauth1.CreateAccessTokenOpts{
			OAuthConsumerKey: consumer.ID, OAuthConsumerSecret: consumer.Secret,
			OAuthToken: requestToken.OAuthToken, OAuthTokenSecret: requestToken.OAuthTokenSecret,
			OAuthVerifier: authToken.OAuthVerifier, OAuthSignatureMethod: method,
		}).Extract()
		must(t, err)

		got, err := oauth1.GetAccessToken(client, user.ID, accessToken.OAuthToken).Extract()
		must(t, err)
		if got.ID != accessToken.OAuthToken || got.ConsumerID != consumer.ID || got.AuthorizingUserID != user.ID || got.ProjectID != project.ID {
			t.Fatalf("%s: access token %+v", method, got)
		}
		pages, err := oauth1.ListAccessTokens(client, user.ID).AllPages()
		must(t, err)
		listed, err := oauth1.ExtractAccessTokens(pages)
		must(t, err)
		if len(listed) != 1 || listed[0].ID != got.ID {
			t.Fatalf("%s: listed %+v", method, listed)
		}
		pages, err = oauth1.ListAccessTokenRoles(client, user.ID, accessToken.OAuthToken).AllPages()
		must(t, err)
		tokenRoles, err := oauth1.ExtractAccessTokenRoles(pages)
		must(t, err)
		if len(tokenRoles) != 2 || tokenRoles[0].ID != roles[0].ID || tokenRoles[1].Name != roles[1].Name {
			t.Fatalf("%s: access token roles %+v", method, tokenRoles)
		}
		role, err := oauth1.GetAccessTokenRole(client, user.ID, accessToken.OAuthToken, roles[0].ID).Extract()
		must(t, err)
		if *role != tokenRoles[0] {
			t.Fatalf("%s: role %+v, listed %+v", method, role, tokenRoles[0])
		}

		consumerClient := identityClient(t, false)
		must(t, openstack.AuthenticateV3(consumerClient.ProviderClient, &oauth1.AuthOptions{
			OAuthConsumerKey: consumer.ID, OAuthConsumerSecret: consumer.Secret,
			OAuthToken: accessToken.OAuthToken, OAuthTokenSecret: accessToken.OAuthTokenSecret,
			OAuthSignatureMethod: method,
		}, gophercloud.EndpointOpts{}))
		var token struct {
			tokens.Token
			oauth1.TokenExt
		}
		validated := tokens.Get(consumerClient, consumerClient.ProviderClient.TokenID)
		must(t, validated.ExtractInto(&token))
		if token.OAuth1.ConsumerID != consumer.ID || token.OAuth1.AccessTokenID != accessToken.OAuthToken {
			t.Fatalf("%s: OS-OAUTH1 %+v", method, token.OAuth1)
		}

		must(t, oauth1.RevokeAccessToken(client, user.ID, accessToken.OAuthToken).ExtractErr())
		if err := tokens.Get(client, consumerClient.ProviderClient.TokenID).Err; err == nil {
			t.Fatalf("%s: the token of a revoked access token still validates", method)
		}
	}
}
