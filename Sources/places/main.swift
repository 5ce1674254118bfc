import PlacesKit
print(Location.example.name)
