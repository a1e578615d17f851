/** One station of the seeded catalogue: ICAO code, the airport and place, position (degrees) and IANA time zone. */
export interface CatalogueStation {
  code: string;
  name: string;
  latitude: number;
  longitude: number;
  timezone: string;
}

const st = (code: string, name: string, latitude: number, longitude: number, timezone: string): CatalogueStation => ({ code, name, latitude, longitude, timezone });
const eastern = 'America/New_York';
const central = 'America/Chicago';
const mountain = 'America/Denver';
const pacific = 'America/Los_Angeles';

/**
 * Airport weather stations (METAR/ASOS) of large US and Canadian cities, whose hourly observations degree-day
 * normalisation uses. Seeded at every start (docs/accounts.md); a code already stored is brought up to date.
 */
export const weatherStationCatalogue: readonly CatalogueStation[] = [
  st('KATL', 'Atlanta, GA – Hartsfield-Jackson Atlanta International', 33.6367, -84.4281, eastern),
  st('KAUS', 'Austin, TX – Austin-Bergstrom International', 30.1945, -97.6699, central),
  st('KBNA', 'Nashville, TN – Nashville International', 36.1245, -86.6782, central),
  st('KBOS', 'Boston, MA – Logan International', 42.3631, -71.0064, eastern),
  st('KBUF', 'Buffalo, NY – Buffalo Niagara International', 42.9405, -78.7322, eastern),
  st('KBWI', 'Baltimore, MD – Baltimore/Washington International', 39.1754, -76.6683, eastern),
  st('KCLE', 'Cleveland, OH – Cleveland Hopkins International', 41.4117, -81.8498, eastern),
  st('KCLT', 'Charlotte, NC – Charlotte Douglas International', 35.214, -80.9431, eastern),
  st('KCMH', 'Columbus, OH – John Glenn Columbus International', 39.998, -82.8919, eastern),
  st('KCVG', 'Cincinnati, OH – Cincinnati/Northern Kentucky International', 39.0488, -84.6678, eastern),
  st('KDCA', 'Washington, DC – Ronald Reagan Washington National', 38.8521, -77.0377, eastern),
  st('KDEN', 'Denver, CO – Denver International', 39.8617, -104.6731, mountain),
  st('KDFW', 'Dallas–Fort Worth, TX – Dallas/Fort Worth International', 32.8968, -97.038, central),
  st('KDTW', 'Detroit, MI – Detroit Metropolitan Wayne County', 42.2124, -83.3534, 'America/Detroit'),
  st('KEWR', 'Newark, NJ – Newark Liberty International', 40.6925, -74.1687, eastern),
  st('KIAD', 'Washington, DC – Washington Dulles International', 38.9445, -77.4558, eastern),
  st('KIAH', 'Houston, TX – George Bush Intercontinental', 29.9844, -95.3414, central),
  st('KIND', 'Indianapolis, IN – Indianapolis International', 39.7173, -86.2944, 'America/Indiana/Indianapolis'),
  st('KJFK', 'New York, NY – John F. Kennedy International', 40.6398, -73.7789, eastern),
  st('KLAS', 'Las Vegas, NV – Harry Reid International', 36.084, -115.1537, pacific),
  st('KLAX', 'Los Angeles, CA – Los Angeles International', 33.9425, -118.4081, pacific),
  st('KLGA', 'New York, NY – LaGuardia', 40.7772, -73.8726, eastern),
  st('KMCI', 'Kansas City, MO – Kansas City International', 39.2976, -94.7139, central),
  st('KMCO', 'Orlando, FL – Orlando International', 28.4294, -81.309, eastern),
  st('KMDW', 'Chicago, IL – Midway International', 41.786, -87.7524, central),
  st('KMIA', 'Miami, FL – Miami International', 25.7932, -80.2906, eastern),
  st('KMKE', 'Milwaukee, WI – Milwaukee Mitchell International', 42.9472, -87.8966, central),
  st('KMSP', 'Minneapolis–St. Paul, MN – Minneapolis–Saint Paul International', 44.882, -93.2218, central),
  st('KMSY', 'New Orleans, LA – Louis Armstrong New Orleans International', 29.9934, -90.258, central),
  st('KORD', "Chicago, IL – O'Hare International", 41.9786, -87.9048, central),
  st('KPDX', 'Portland, OR – Portland International', 45.5887, -122.5975, pacific),
  st('KPHL', 'Philadelphia, PA – Philadelphia International', 39.8719, -75.2411, eastern),
  st('KPHX', 'Phoenix, AZ – Phoenix Sky Harbor International', 33.4343, -112.0116, 'America/Phoenix'),
  st('KPIT', 'Pittsburgh, PA – Pittsburgh International', 40.4915, -80.2329, eastern),
  st('KRDU', 'Raleigh–Durham, NC – Raleigh-Durham International', 35.8776, -78.7875, eastern),
  st('KSAN', 'San Diego, CA – San Diego International', 32.7336, -117.1897, pacific),
  st('KSAT', 'San Antonio, TX – San Antonio International', 29.5337, -98.4698, central),
  st('KSEA', 'Seattle, WA – Seattle–Tacoma International', 47.449, -122.3093, pacific),
  st('KSFO', 'San Francisco, CA – San Francisco International', 37.619, -122.3749, pacific),
  st('KSLC', 'Salt Lake City, UT – Salt Lake City International', 40.7884, -111.9778, mountain),
  st('KSMF', 'Sacramento, CA – Sacramento International', 38.6954, -121.5908, pacific),
  st('KSTL', 'St. Louis, MO – St. Louis Lambert International', 38.7487, -90.37, central),
  st('KTPA', 'Tampa, FL – Tampa International', 27.9755, -82.5332, eastern),
  st('PANC', 'Anchorage, AK – Ted Stevens Anchorage International', 61.1743, -149.9963, 'America/Anchorage'),
  st('PHNL', 'Honolulu, HI – Daniel K. Inouye International', 21.3187, -157.9225, 'Pacific/Honolulu'),
  st('CYEG', 'Edmonton, AB – Edmonton International', 53.3097, -113.5797, 'America/Edmonton'),
  st('CYHZ', 'Halifax, NS – Halifax Stanfield International', 44.8808, -63.5086, 'America/Halifax'),
  st('CYOW', 'Ottawa, ON – Ottawa Macdonald–Cartier International', 45.3225, -75.6692, 'America/Toronto'),
  st('CYUL', 'Montréal, QC – Montréal–Trudeau International', 45.4706, -73.7408, 'America/Toronto'),
  st('CYVR', 'Vancouver, BC – Vancouver International', 49.1939, -123.1844, 'America/Vancouver'),
  st('CYWG', 'Winnipeg, MB – Winnipeg James Armstrong Richardson International', 49.91, -97.2399, 'America/Winnipeg'),
  st('CYYC', 'Calgary, AB – Calgary International', 51.1315, -114.0106, 'America/Edmonton'),
  st('CYYZ', 'Toronto, ON – Toronto Pearson International', 43.6772, -79.6306, 'America/Toronto'),
];
