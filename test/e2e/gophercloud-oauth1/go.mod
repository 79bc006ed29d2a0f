module example.com/skymock-oauth1

go 1.19

require github.com/gophercloud/gophercloud v0.12.0
