"""The offline gazetteer: Indian post-office localities placed by their pincode, shipped as a data file."""
