"""The sandbox's stand-in vendors, each speaking its vendor's own protocol; mounted only when SANDBOX=true."""
